import type { z } from 'zod';
import { limits } from '../shared/constants.ts';
import type { tokenSchema } from '../shared/schemas/auth.schema.ts';

/** The search of an e-mailed link: `?token=…`, or nothing usable. */
export interface TokenSearch {
  token?: z.output<typeof tokenSchema>;
}

/**
 * `validateSearch` for the e-mailed links (/verify-email, /reset-password) and the
 * setup link the server prints (/setup): the shared `tokenSchema`'s rule (a string
 * of 1 to `limits.tokenLength` characters), written out by hand because the route
 * table ships in the first chunk and zod
 * would add about 15 KB gzip to it (zod/mini; 24 KB for zod). A test checks it
 * against the schema itself. Anything else yields no token, which the screen
 * explains, rather than a route error.
 */
export function tokenSearch(search: Record<string, unknown>): TokenSearch {
  const { token } = search;
  return typeof token === 'string' && token.length >= 1 && token.length <= limits.tokenLength ? { token } : {};
}
