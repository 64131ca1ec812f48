import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * tRPC 11.19 ships its code compiled by oxc, which lowers `{ ...opts, ctx }` to a helper,
 * `_objectSpread2(target, spread, literal, …)`, that copies each property through a
 * closure and `defineProperty`; tRPC spreads its call options at every middleware step.
 * patches/@trpc+server+<version>.patch, applied by patch-package on every `npm install`
 * and `npm ci` (package.json's postinstall), makes the helper use the engine's own spread
 * for the two arities oxc emits, so vitest, the end-to-end tests and the image run the
 * same tRPC. What it saves: docs/performance.md. This is the patched helper's first line.
 */
export const PATCHED_HELPER =
  'function _objectSpread2(e, a, b) { if (arguments.length === 2) return { ...e, ...a }; if (arguments.length === 3) return { ...e, ...a, ...b };';

/**
 * A call whose target is not a fresh object literal (or the result of another call of the
 * helper, itself fresh), in ES module (`_objectSpread2(`) or CommonJS form
 * (`require_x._objectSpread2(`): it may rely on the helper writing into an object others
 * hold, which the native spread, returning a new object, would break.
 */
const CALL_ON_SHARED_TARGET = /(?<!function )_objectSpread2\((?!\{|(?:[\w$]+\.)?_objectSpread2\()/g;

/** Each call of the helper in `code` that is not on a fresh object, with what follows it. */
export function callsOnSharedTarget(code: string): string[] {
  return [...code.matchAll(CALL_ON_SHARED_TARGET)].map((match) => code.slice(match.index, match.index + 60));
}

/** Every JavaScript file of the installed @trpc/server, by path under its dist/. */
export function trpcServerCode(): { file: string; code: string }[] {
  const dist = join(dirname(createRequire(import.meta.url).resolve('@trpc/server/package.json')), 'dist');
  return readdirSync(dist, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(?:mjs|cjs)$/.test(file))
    .map((file) => ({ file, code: readFileSync(join(dist, file), 'utf8') }));
}

/**
 * Fails unless every copy of the helper in the installed @trpc/server is the patched one
 * and every call of it is on a fresh object: the server build runs it, so an image is
 * never built from an unpatched install (a `patches/` folder missing from the build).
 */
export function assertTrpcSpreadPatched(files = trpcServerCode()): void {
  const helpers = files.filter(({ code }) => code.includes('function _objectSpread2('));
  const unpatched = helpers.filter(({ code }) => !code.includes(PATCHED_HELPER)).map(({ file }) => file);
  const shared = files.flatMap(({ file, code }) => callsOnSharedTarget(code).map((call) => `${file}: ${call}…`));
  if (helpers.length === 0 || unpatched.length || shared.length) {
    throw new Error(
      `@trpc/server's object-spread helper is not as patches/ leaves it (tools/build/trpc-object-spread.ts): ${
        helpers.length === 0 ? 'no helper found' : `unpatched in ${unpatched.join(', ') || 'none'}`
      }; calls on a shared object: ${shared.join('; ') || 'none'}. Run npm ci; after a tRPC upgrade, redo the patch.`,
    );
  }
}
