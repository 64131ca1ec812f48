import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OXC_OBJECT_SPREAD, withNativeObjectSpread } from './native-object-spread.ts';

/** The helpers the oxc helper calls, as tRPC's build defines them beside it. */
const SUPPORT = `
function ownKeys(e, r) {
	var t = Object.keys(e);
	if (Object.getOwnPropertySymbols) {
		var o = Object.getOwnPropertySymbols(e);
		r && (o = o.filter(function(r) { return Object.getOwnPropertyDescriptor(e, r).enumerable; })), t.push.apply(t, o);
	}
	return t;
}
function _defineProperty(e, r, t) {
	return r in e ? Object.defineProperty(e, r, { value: t, enumerable: !0, configurable: !0, writable: !0 }) : e[r] = t, e;
}`;

type Spread = (...args: unknown[]) => Record<PropertyKey, unknown>;

function compile(source: string): Spread {
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the helper under test is source text
  const factory = new Function(`${SUPPORT}\n${source}\nreturn _objectSpread2;`) as () => Spread;
  return factory();
}

const lowered = compile(OXC_OBJECT_SPREAD);
const native = compile(withNativeObjectSpread(OXC_OBJECT_SPREAD, 'helper').code);

/** Every own property with its full descriptor, in order: what the two must agree on. */
const describeObject = (value: object) =>
  Reflect.ownKeys(value).map((key) => [key, Object.getOwnPropertyDescriptor(value, key)]);

describe("tRPC's object-spread helper, natively", () => {
  const symbol = Symbol('s');
  const withHidden = Object.defineProperty({ shown: 1 }, 'hidden', { value: 2, enumerable: false });
  const withGetter = {
    get computed() {
      return 'read';
    },
  };
  const protoKey = JSON.parse('{"__proto__": {"polluted": true}, "x": 1}') as object;
  const cases: [string, unknown[]][] = [
    ['a copy', [{}, { a: 1, b: { c: 2 } }]],
    ['a copy onto a literal with keys', [{ type: 'query' }, { a: 1, type: 'mutation' }]],
    ['a copy, then literal keys that override', [{}, { ctx: 1, input: 2 }, { input: 3, meta: undefined }]],
    ['symbol keys', [{}, { [symbol]: 'x', a: 1 }]],
    ['non-enumerable keys left out', [{}, withHidden]],
    ['getters read once, as values', [{}, withGetter]],
    ['a __proto__ key kept as a property', [{}, protoKey]],
    ['null and undefined skipped', [{ a: 1 }, null, undefined]],
    ['arrays and strings by index', [{}, ['x', 'y'], {}]],
  ];

  it.each(cases)('%s', (_name, args) => {
    const expected = lowered(...args.map((arg, i) => (i === 0 ? { ...(arg as object) } : arg)));
    const actual = native(...args.map((arg, i) => (i === 0 ? { ...(arg as object) } : arg)));
    expect(describeObject(actual)).toEqual(describeObject(expected));
    expect(Object.getPrototypeOf(actual)).toBe(Object.prototype);
  });

  it('agrees with the helper on any plain objects', () => {
    const plain = fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue(), { maxKeys: 8 });
    fc.assert(
      fc.property(plain, plain, plain, (target, spread, literal) => {
        expect(describeObject(native({ ...target }, spread, literal))).toEqual(
          describeObject(lowered({ ...target }, spread, literal)),
        );
        expect(describeObject(native({ ...target }, spread))).toEqual(describeObject(lowered({ ...target }, spread)));
      }),
    );
  });

  it('keeps the helper for more than three arguments', () => {
    expect(native({}, { a: 1 }, { b: 2 }, { c: 3 })).toEqual({ a: 1, b: 2, c: 3 });
  });

  it('refuses code that calls the helper on an object others may hold', () => {
    expect(() => withNativeObjectSpread(`${OXC_OBJECT_SPREAD}\n_objectSpread2(opts, { a: 1 });`, 'x.mjs')).toThrow(
      /not a fresh literal/,
    );
    // Whatever the object is called: the helper's own parameter name is no exception.
    expect(() => withNativeObjectSpread(`${OXC_OBJECT_SPREAD}\n_objectSpread2(e);`, 'x.mjs')).toThrow(
      /not a fresh literal/,
    );
  });

  it('finds the helper exactly once in the installed @trpc/server, and every call on a fresh literal', () => {
    const dist = dirname(createRequire(import.meta.url).resolve('@trpc/server/package.json'));
    const files = readdirSync(join(dist, 'dist')).filter((file) => file.endsWith('.mjs'));
    const replaced = files.filter(
      (file) => withNativeObjectSpread(readFileSync(join(dist, 'dist', file), 'utf8'), file).replaced,
    );
    expect(replaced).toHaveLength(1);
  });
});
