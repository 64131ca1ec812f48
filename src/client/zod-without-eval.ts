import { config } from 'zod/v4/core';

/**
 * zod compiles object parsers with `new Function` when it may, and probes for that
 * when its first object schema is built. The Content-Security-Policy allows no
 * eval, so the probe is refused and reported as a violation
 * (docs/decisions/0013-browser-security.md). Imported first by main.tsx, before any
 * schema exists; only zod's tiny core module joins the first chunk.
 */
config({ jitless: true });
