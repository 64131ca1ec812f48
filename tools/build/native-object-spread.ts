import { readFile } from 'node:fs/promises';
import type { Plugin } from 'esbuild';

/**
 * `{ ...a, b }` as tRPC 11.19's build ships it: its compiler (oxc) lowers object spread
 * to this helper, which copies each property through a closure and `defineProperty`.
 * tRPC spreads its call options at every middleware step, and the helper was 10% of a
 * no-database call's CPU in the server (docs/decisions/0017-performance.md).
 */
export const OXC_OBJECT_SPREAD = `function _objectSpread2(e) {
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

/**
 * The same copy in the engine's own object spread. Oxc emits `_objectSpread2(target,
 * spread, literal, spread, …)` with a fresh object literal as the target and the
 * source's own literal parts at the even places, so a new object built by spreading
 * every argument is equal to the helper's result: own enumerable string and symbol
 * keys, defined rather than assigned (a `__proto__` key stays a property), getters of
 * the spread objects read once, `null` and `undefined` skipped. Other arities keep
 * the original helper.
 */
const NATIVE_OBJECT_SPREAD = `function _objectSpread2(e, a, b) {
\tswitch (arguments.length) {
\t\tcase 2: return { ...e, ...a };
\t\tcase 3: return { ...e, ...a, ...b };
\t\tdefault: return _objectSpread2Lowered.apply(null, arguments);
\t}
}
${OXC_OBJECT_SPREAD.replace('function _objectSpread2(', 'function _objectSpread2Lowered(')}`;

/**
 * A call whose target is not a fresh object literal (or the result of another call of
 * the helper, itself fresh): it may rely on the helper writing into an object others
 * hold, which the native version, returning a new object, would break.
 */
const CALL_ON_SHARED_TARGET = /(?<!function )_objectSpread2\((?!\{|_objectSpread2\()/g;

/**
 * `code` with tRPC's object-spread helper replaced by native spread, and whether the
 * helper was there. Throws when a call could depend on the helper's mutation.
 */
export function withNativeObjectSpread(code: string, file: string): { code: string; replaced: boolean } {
  const sharedTarget = [...code.matchAll(CALL_ON_SHARED_TARGET)].map((match) =>
    code.slice(match.index, match.index + 60),
  );
  if (sharedTarget.length) {
    throw new Error(`${file}: _objectSpread2 called on an object that is not a fresh literal: ${sharedTarget[0]}…`);
  }
  if (!code.includes(OXC_OBJECT_SPREAD)) return { code, replaced: false };
  return { code: code.replace(OXC_OBJECT_SPREAD, NATIVE_OBJECT_SPREAD), replaced: true };
}

const TRPC_SERVER_MODULE = /[\\/]node_modules[\\/]@trpc[\\/]server[\\/]dist[\\/].+\.mjs$/;

/**
 * The esbuild plugin that applies it to @trpc/server in the server bundle. The build
 * fails unless the helper was found and replaced exactly once: a tRPC upgrade that
 * changes it must be looked at, not silently lose (or half-apply) the substitution.
 */
export function nativeObjectSpreadPlugin(): Plugin {
  return {
    name: 'native-object-spread',
    setup(build) {
      let replaced = 0;
      build.onStart(() => {
        replaced = 0;
      });
      build.onLoad({ filter: TRPC_SERVER_MODULE }, async ({ path }) => {
        const result = withNativeObjectSpread(await readFile(path, 'utf8'), path);
        if (result.replaced) replaced += 1;
        return { contents: result.code, loader: 'js' };
      });
      build.onEnd((result) => {
        if (result.errors.length || replaced === 1) return;
        result.errors.push({
          id: 'native-object-spread',
          pluginName: 'native-object-spread',
          text: `tRPC's object-spread helper was replaced ${replaced} times, not once: has @trpc/server changed? (tools/build/native-object-spread.ts)`,
          location: null,
          notes: [],
          detail: undefined,
        });
      });
    },
  };
}
