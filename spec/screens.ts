// [2] Screens and routes: list, detail, form and custom screens, and who sees them.
// Not specified yet; examples/workshop/spec/screens.ts shows a filled-in one (docs/spec.md).
import { defineScreens } from '#spec/screens.ts';
import { notSpecified } from '#spec/not-specified.ts';

export default defineScreens(notSpecified);
