/**
 * zod compiles object parsers with `new Function` when it may, and probes for that
 * when its first object schema is built. The Content-Security-Policy allows no
 * eval, so the probe is refused and reported as a violation
 * (docs/decisions/0013-browser-security.md). Imported first by main.tsx, before any
 * schema exists.
 *
 * zod keeps its settings in one object on `globalThis`, which it creates only when
 * none exists yet; `z.config({ jitless: true })` assigns to that same object. Setting
 * it here keeps zod's core (about 3.8 KB gzip) out of the first chunk, whose size
 * budget is binding (tools/build/initial-js.ts); zod then loads with the first
 * screen that has a form. The cost is reliance on that global's name:
 * zod-without-eval.test.ts fails when zod stops reading it.
 */
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

// Mutated, never replaced: a zod loaded earlier keeps a reference to the object.
(globalThis.__zod_globalConfig ??= {}).jitless = true;

export {};
