import { specNavigation } from './generated/routes.ts';
import type { RoutePath } from './router/router.tsx';
import { mayOpenScreen, type SpecNavItem } from './spec-screens/screen-who.ts';

/** One entry of the primary navigation: a path of the route table that takes no `:name` values. */
export interface NavItem {
  readonly to: RoutePath;
  readonly label: string;
}

/**
 * The primary navigation, in order. `Link` checks each `to` against the route
 * table in routes.tsx at compile time.
 */
export const navigation = [
  { to: '/', label: 'Home' },
  { to: '/records', label: 'Records' },
  { to: '/status', label: 'Status' },
] as const satisfies readonly NavItem[];

/**
 * The foundation's placeholder for the domain (`records.*` answers NOT_IMPLEMENTED until a
 * specification arrives): it leaves the navigation once the specification has screens of
 * its own, so nobody is sent to a screen that says "not built yet" beside the real ones.
 */
const placeholder: RoutePath = '/records';

/**
 * [2] The navigation a person sees: the foundation's entries, then the specification's
 * list and custom screens whose `who` lets their role in (an administrator sees all).
 * Detail and form screens are reached from their lists.
 */
export function navigationFor(role: string | null, spec: readonly SpecNavItem[] = specNavigation): readonly NavItem[] {
  if (spec.length === 0) return navigation;
  const shown = spec.filter((item) => mayOpenScreen(item, role));
  return [
    ...navigation.filter((item) => item.to !== placeholder),
    ...shown.map(({ to, label }) => ({ to: to as RoutePath, label })),
  ];
}
