import type { z } from 'zod';

interface Check {
  _zod: { def: { check: string; maximum?: number } };
}

interface Node {
  _zod: { def: Record<string, unknown> & { type: string; checks?: Check[] } };
}

/** zod 4 keeps `.max()` and `.length()` as checks on the schema's definition. */
function hasMaximum(checks: Check[] | undefined): boolean {
  return (checks ?? []).some(({ _zod }) => _zod.def.check === 'max_length' || _zod.def.check === 'length_equals');
}

/**
 * Paths of strings and arrays without an upper bound inside a zod schema. Every
 * input a client sends must be bounded (lengths from constants.ts), so a test runs
 * this over every exported schema.
 */
export function unboundedPaths(schema: z.ZodType, path = '$'): string[] {
  const node = schema as unknown as Node;
  const { def } = node._zod;
  const bounded = hasMaximum(def.checks);
  const child = (inner: unknown, suffix = '') => unboundedPaths(inner as z.ZodType, path + suffix);
  switch (def.type) {
    case 'string':
      return bounded ? [] : [path];
    case 'array':
      return [...(bounded ? [] : [path]), ...child(def.element, '[]')];
    case 'object':
      return Object.entries(def.shape as Record<string, unknown>).flatMap(([key, value]) => child(value, `.${key}`));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return child(def.innerType);
    case 'pipe':
      return [...child(def.in), ...child(def.out)];
    case 'union':
      return (def.options as unknown[]).flatMap((option, index) => child(option, `|${index}`));
    case 'intersection':
      return [...child(def.left), ...child(def.right)];
    case 'record':
    case 'map':
    case 'set':
    case 'tuple':
    case 'any':
    case 'unknown':
      // Open-ended containers have no place in a client's input; refuse them outright.
      return [`${path} (${def.type})`];
    default:
      return [];
  }
}
