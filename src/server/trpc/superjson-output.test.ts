import fc from 'fast-check';
import SuperJSON from 'superjson';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appRouter } from '../router.ts';
import { superjsonOutput } from './superjson-output.ts';

/**
 * The output transformer writes what superjson writes, byte for byte, and skips
 * superjson's walk only for answers superjson would leave unchanged
 * (docs/performance.md, "The signed-in query divided").
 */

/** What goes on the wire, or the error superjson throws. */
function wire(serialize: (value: unknown) => unknown, value: unknown): string {
  try {
    return JSON.stringify(serialize(value));
  } catch (error) {
    return `throws ${(error as Error).message}`;
  }
}

const ours = (value: unknown) => wire(superjsonOutput.serialize, value);
const superjsons = (value: unknown) => wire((input) => SuperJSON.serialize(input), value);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('superjsonOutput', () => {
  it('answers a plain answer as it is, without superjson’s walk', () => {
    const serialize = vi.spyOn(SuperJSON, 'serialize');
    const viewer = { id: 'u1', name: 'Ada', email: 'ada@example.com', role: 'admin', permissions: ['read:users:any'] };
    const written = superjsonOutput.serialize(viewer) as { json: unknown; meta?: unknown };
    expect(written.json).toBe(viewer);
    expect(written).not.toHaveProperty('meta');
    expect(serialize).not.toHaveBeenCalled();
    expect(ours(viewer)).toBe(superjsons(viewer));
  });

  const shared = { a: 1 };
  const circular: Record<string, unknown> = { name: 'loop' };
  circular.self = circular;
  const sparse = [1, , 3]; // eslint-disable-line no-sparse-arrays -- a hole, on purpose
  const withExtraKey = Object.assign([1, 2], { when: new Date(0) });
  const nullPrototype = Object.assign(Object.create(null) as Record<string, unknown>, { a: 'x', b: [1, 2] });
  class Point {
    constructor(
      readonly x: number,
      readonly y: number,
    ) {}
  }

  it.each<[string, unknown]>([
    ['null', null],
    ['a string', 'text'],
    ['a number', 42],
    ['a boolean', false],
    ['an empty object', {}],
    ['an empty array', []],
    ['nested plain values', { a: [{ b: 'c', d: [1, 2.5, null, true] }], e: { f: { g: '' } } }],
    ['an object without a prototype', nullPrototype],
    ['undefined', undefined],
    ['an undefined field', { a: undefined, b: 1 }],
    ['an undefined item', [1, undefined]],
    ['NaN', { n: Number.NaN }],
    ['Infinity', [Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]],
    ['-0', { zero: -0 }],
    ['a Date', { at: new Date(0) }],
    ['an invalid Date', new Date(Number.NaN)],
    ['a bigint', { big: 10n }],
    ['a Map', new Map([['a', 1]])],
    ['a Set', { tags: new Set(['x']) }],
    ['a RegExp', /x+/g],
    ['an Error', { failure: new Error('boom') }],
    ['a URL', new URL('https://example.com/a')],
    ['a typed array', new Uint8Array([1, 2])],
    ['a class instance', { point: new Point(1, 2) }],
    ['a boxed string', { boxed: Object('x') as unknown }],
    ['a symbol', { s: Symbol('s') }],
    ['a function', { f: () => 1 }],
    ['one object at two paths', { first: shared, second: shared }],
    ['one array at two paths', [shared, [shared]]],
    ['a cycle', circular],
    ['an array with a hole', sparse],
    ['an array with a key beside its indices', withExtraKey],
    ['a key superjson refuses', JSON.parse('{"__proto__":{"a":1}}') as unknown],
    ['a constructor key', { constructor: 'x' }],
    ['a prototype key', { nested: { prototype: 1 } }],
    ['a toJSON method', { toJSON: () => 'replaced' }],
  ])('writes %s as superjson does', (_name, value) => {
    expect(ours(value)).toBe(superjsons(value));
  });

  it('writes any value as superjson does (generated values)', () => {
    fc.assert(
      fc.property(
        fc.anything({
          withDate: true,
          withMap: true,
          withSet: true,
          withBigInt: true,
          withNullPrototype: true,
          withSparseArray: true,
          withBoxedValues: true,
          withTypedArray: true,
          withObjectString: true,
        }),
        (value) => {
          expect(ours(value)).toBe(superjsons(value));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('is the router’s output transformer', () => {
    expect(appRouter._def._config.transformer.output).toBe(superjsonOutput);
  });

  it('reads back what it wrote as superjson does', () => {
    const value = { at: new Date(0), plain: { list: ['a'] } };
    expect(superjsonOutput.deserialize(superjsonOutput.serialize(value))).toEqual(value);
  });
});
