/**
 * An address on this site that sign-in may return to: checked once, where it is read
 * from the address bar (`/sign-in?redirect=…`), so a crafted link cannot send someone
 * who signs in to another site.
 */
export type SafePath = string & { readonly __safePath: true };

/** Longer than any address the app makes; a longer one is not ours. */
const MAX_LENGTH = 2048;
const ORIGIN = 'http://this-site.invalid';

/** Spaces, tabs, newlines and other control characters: none belongs in an address the app makes. */
function hasSpaceOrControl(value: string): boolean {
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if (code <= 0x20 || code === 0x7f) return true;
  }
  return /\s/.test(value);
}

/**
 * A path on this site: one leading '/', then not '/' or '\' (browsers read `//host`
 * and `/\host` as another site), no backslash, space or control character anywhere
 * (browsers drop tabs and newlines, so `/\t/host` would become `//host`), and the URL it
 * resolves to stays on this origin.
 */
export function isSafeRedirect(value: unknown): value is SafePath {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_LENGTH) return false;
  if (!value.startsWith('/') || value.startsWith('//')) return false;
  if (value.includes('\\') || hasSpaceOrControl(value)) return false;
  try {
    return new URL(value, ORIGIN).origin === ORIGIN;
  } catch {
    return false;
  }
}

const home = '/' as SafePath;

/** Where to go after sign-in: `value` when it is a path on this site, else home. */
export function safeRedirect(value: unknown): SafePath {
  return isSafeRedirect(value) ? value : home;
}
