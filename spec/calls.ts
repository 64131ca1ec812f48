// [7] Calls: standard and custom operations, and transactional e-mails.
// Not specified yet; examples/workshop/spec/calls.ts shows a filled-in one (docs/spec.md).
import { defineCalls } from '#spec/calls.ts';
import { notSpecified } from '#spec/not-specified.ts';

export default defineCalls(notSpecified);
