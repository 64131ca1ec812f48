import { config } from 'zod/v4/core';

/**
 * zod compiles object parsers with `new Function` when it may, and probes for that
 * when its first object schema is built. The Content-Security-Policy allows no
 * eval, so the probe is refused and reported as a violation
 * (docs/decisions/0013-browser-security.md). Imported first by main.tsx, before any
 * schema exists. The cost: zod's core module joins the first chunk, about 3.8 KB
 * gzip that would otherwise load with the first screen that has a form. Writing
 * zod's global config variable by hand would cost nothing, but relies on zod's
 * internals; this is its public API.
 */
config({ jitless: true });
