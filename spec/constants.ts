// [9] Business constants: numbers, strings, time zones.
// Not specified yet; examples/workshop/spec/constants.ts shows a filled-in one (docs/spec.md).
import { defineConstants } from '#spec/constants.ts';
import { notSpecified } from '#spec/not-specified.ts';

export default defineConstants(notSpecified);
