// [5] Validation rules beyond a single field, each naming the catalogue error it raises.
// Not specified yet; examples/workshop/spec/rules.ts shows a filled-in one (docs/spec.md).
import { defineRules } from '#spec/rules.ts';
import { notSpecified } from '#spec/not-specified.ts';

export default defineRules(notSpecified);
