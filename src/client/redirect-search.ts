import { isSafeRedirect, type SafePath } from './router/safe-redirect.ts';

/** The sign-in page's search: where to return after signing in (`/sign-in?redirect=/account`). */
export interface RedirectSearch {
  redirect?: SafePath;
}

/**
 * `validateSearch` for /sign-in: a path on this site (router/safe-redirect.ts), or
 * nothing, and sign-in goes home. An address pointing elsewhere is dropped here, so no
 * screen ever holds one.
 */
export function redirectSearch(search: Record<string, unknown>): RedirectSearch {
  return isSafeRedirect(search.redirect) ? { redirect: search.redirect } : {};
}
