// [4] States and transitions: a machine per entity, its events, who may fire them, guards.
// Not specified yet; examples/workshop/spec/states.ts shows a filled-in one (docs/spec.md).
import { defineStates } from '#spec/states.ts';
import { notSpecified } from '#spec/not-specified.ts';

export default defineStates(notSpecified);
