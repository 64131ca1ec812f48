// [6] Roles, what each may do, and what "own" means for each.
// Not specified yet; examples/workshop/spec/roles.ts shows a filled-in one (docs/spec.md).
import { defineRoles } from '#spec/roles.ts';
import { notSpecified } from '#spec/not-specified.ts';

export default defineRoles(notSpecified);
