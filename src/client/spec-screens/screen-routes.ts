import { specScreens } from '../generated/screens.ts';
import type { SpecScreen } from './spec-screen.ts';

const screens = (): SpecScreen[] => Object.values(specScreens);

/** The route of an entity's screen of `kind` ('/work-orders/:id'), or null when the spec has none. */
export function routeOf(
  entity: string,
  kind: SpecScreen['kind'],
  all: readonly SpecScreen[] = screens(),
): string | null {
  return all.find((screen) => screen.entity === entity && screen.kind === kind)?.route ?? null;
}

/** Where a record of `entity` is shown: its detail screen. */
export const detailRouteOf = (entity: string) => routeOf(entity, 'detail');
