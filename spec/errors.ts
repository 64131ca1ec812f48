// [8] The error catalogue: code, HTTP status, message, when.
// Not specified yet; examples/workshop/spec/errors.ts shows a filled-in one (docs/spec.md).
import { defineErrors } from '#spec/errors.ts';
import { notSpecified } from '#spec/not-specified.ts';

export default defineErrors(notSpecified);
