import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assertTrpcSpreadPatched, callsOnSharedTarget, PATCHED_HELPER, trpcServerCode } from './trpc-object-spread.ts';

/** The helper as tRPC 11.19.0 ships it (oxc's lowering of object spread), before the patch. */
const LOWERED_HELPER = `function _objectSpread2(e) {
\tfor (var r = 1; r < arguments.length; r++) {
\t\tvar t = null != arguments[r] ? arguments[r] : {};
\t\tr % 2 ? ownKeys(Object(t), !0).forEach(function(r) {
\t\t\t_defineProperty(e, r, t[r]);
\t\t}) : Object.getOwnPropertyDescriptors ? Object.defineProperties(e, Object.getOwnPropertyDescriptors(t)) : ownKeys(Object(t)).forEach(function(r) {
\t\t\tObject.defineProperty(e, r, Object.getOwnPropertyDescriptor(t, r));
\t\t});
\t}
\treturn e;
}`;

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

/** The helper as installed: the patched one, read from @trpc/server's own file. */
function installedHelper(): string {
  const helper = trpcServerCode().find(({ file, code }) => file.endsWith('.mjs') && code.includes(PATCHED_HELPER));
  if (!helper) throw new Error('No patched helper in the installed @trpc/server: run npm ci.');
  const start = helper.code.indexOf(PATCHED_HELPER);
  return helper.code.slice(start, helper.code.indexOf('\n}\n', start) + 2);
}

const lowered = compile(LOWERED_HELPER);
const patched = compile(installedHelper());

/** Every own property with its full descriptor, in order: what the two must agree on. */
const describeObject = (value: object) =>
  Reflect.ownKeys(value).map((key) => [key, Object.getOwnPropertyDescriptor(value, key)]);

describe("tRPC's object-spread helper, patched at install", () => {
  it('is patched in the installed @trpc/server, and every call of it targets a fresh object', () => {
    expect(() => {
      assertTrpcSpreadPatched();
    }).not.toThrow();
    expect(trpcServerCode().filter(({ code }) => code.includes(PATCHED_HELPER))).toHaveLength(2); // .mjs and .cjs
  });

  it('refuses an install without the patch, and a call on an object others may hold', () => {
    const file = (code: string) => [{ file: 'x.mjs', code }];
    expect(() => {
      assertTrpcSpreadPatched(file(LOWERED_HELPER));
    }).toThrow(/unpatched in x.mjs/);
    expect(() => {
      assertTrpcSpreadPatched(file(''));
    }).toThrow(/no helper found/);
    expect(callsOnSharedTarget('_objectSpread2(opts, { a: 1 });')).toHaveLength(1);
    expect(callsOnSharedTarget('require_x._objectSpread2(e);')).toHaveLength(1);
    expect(callsOnSharedTarget('_objectSpread2(_objectSpread2({}, opts), {}, { a: 1 });')).toEqual([]);
    expect(callsOnSharedTarget('require_x._objectSpread2(require_x._objectSpread2({}, opts), {});')).toEqual([]);
  });

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
    ['more than three arguments (the original loop)', [{}, { a: 1 }, { b: 2 }, { c: 3 }]],
  ];

  it.each(cases)('agrees with the original: %s', (_name, args) => {
    const fresh = () => args.map((arg, i) => (i === 0 ? { ...(arg as object) } : arg));
    const actual = patched(...fresh());
    expect(describeObject(actual)).toEqual(describeObject(lowered(...fresh())));
    expect(Object.getPrototypeOf(actual)).toBe(Object.prototype);
  });

  it('agrees with the original on any plain objects', () => {
    const plain = fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue(), { maxKeys: 8 });
    fc.assert(
      fc.property(plain, plain, plain, (target, spread, literal) => {
        expect(describeObject(patched({ ...target }, spread, literal))).toEqual(
          describeObject(lowered({ ...target }, spread, literal)),
        );
        expect(describeObject(patched({ ...target }, spread))).toEqual(describeObject(lowered({ ...target }, spread)));
      }),
    );
  });
});
