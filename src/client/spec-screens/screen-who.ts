import type { SpecScreen } from './spec-screen.ts';

// Apart from screen-access.ts: the navigation needs only this, in the first chunk.

/** The foundation's role that sees every screen (it holds every permission, the spec's included). */
export const allSeeingRole = 'admin';

/** Whether a screen's `who` lets a person with `role` (null: signed out) open it. */
export function mayOpenScreen(screen: Pick<SpecScreen, 'who'>, role: string | null): boolean {
  if (screen.who === 'public') return true;
  if (role === null) return false;
  return screen.who === 'signed-in' || role === allSeeingRole || screen.who.includes(role);
}

/** A list or custom screen in the navigation (src/client/generated/routes.ts). */
export interface SpecNavItem {
  readonly to: string;
  readonly label: string;
  readonly who: SpecScreen['who'];
}
