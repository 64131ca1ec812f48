import { createContext } from 'react';

/**
 * `null` when the page is known to be opened by someone signed out: the server sent it
 * without a session cookie (a prerendered page's `data-signed-out`). The header then shows
 * "Sign in" from its first render, and the viewer is not asked for; a sign-in updates it as
 * always (use-session-change.ts). `undefined` when not known.
 */
export const KnownViewer = createContext<null | undefined>(undefined);
