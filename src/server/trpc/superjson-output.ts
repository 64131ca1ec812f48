import SuperJSON from 'superjson';

/** Keys superjson refuses (it throws on them): an answer holding one is left to it. */
const REFUSED_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Whether superjson would write `value` unchanged, with no metadata: strings, booleans,
 * null, finite numbers other than -0, and arrays and plain objects (of `Object.prototype`
 * or none) of them, each object met once. Anything else (undefined, NaN, ±Infinity, -0, a
 * Date, Map, Set, bigint, class instance, an array with holes or extra keys, a shared or
 * circular reference, a key superjson refuses) makes the answer superjson's.
 */
function isPlainJson(value: unknown, seen: Set<object>): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      // superjson writes -0 as "-0" with a `number` tag; JSON.stringify would write 0.
      return Number.isFinite(value) && !(value === 0 && 1 / value < 0);
    case 'object': {
      if (value === null) return true;
      // A second path to one object is a `referentialEqualities` entry in superjson's meta.
      if (seen.has(value)) return false;
      seen.add(value);
      if (Array.isArray(value)) {
        const length = value.length;
        for (let index = 0; index < length; index += 1) {
          const item: unknown = value[index];
          // A hole reads as undefined: superjson skips it, JSON.stringify writes null.
          if (item === undefined || !isPlainJson(item, seen)) return false;
        }
        // Keys beside the indices are walked by superjson (and could carry tags).
        return Object.keys(value).length === length;
      }
      const prototype: unknown = Object.getPrototypeOf(value);
      if (prototype !== Object.prototype && prototype !== null) return false;
      for (const key in value) {
        if (!Object.hasOwn(value, key)) continue;
        if (REFUSED_KEYS.has(key)) return false;
        const item = (value as Record<string, unknown>)[key];
        if (item === undefined || !isPlainJson(item, seen)) return false;
      }
      return true;
    }
    default:
      return false;
  }
}

/**
 * The router's output transformer: superjson, except that an answer superjson would
 * write unchanged and without metadata goes out as it is, `{ json: value }`, without
 * superjson's walk. That walk copies every object and array and builds a path for each
 * value, whatever the value: 8–10 µs of CPU per signed-in `auth.viewer` answer under
 * load, against under 1 µs for this check. What goes on the wire is identical (superjson-output.test.ts
 * compares them). The answer is not copied: tRPC turns it into text straight after, and
 * what a procedure answers has passed its output schema, which builds new objects and
 * arrays.
 */
export const superjsonOutput = {
  serialize: (value: unknown): unknown =>
    isPlainJson(value, new Set()) ? { json: value } : SuperJSON.serialize(value),
  deserialize: (payload: unknown): unknown =>
    SuperJSON.deserialize(payload as Parameters<typeof SuperJSON.deserialize>[0]),
};
