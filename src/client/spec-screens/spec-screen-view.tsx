import { specScreens } from '../generated/screens.ts';
import { EntityDetailScreen } from './entity-detail-screen.tsx';
import { EntityFormScreen } from './entity-form-screen.tsx';
import { EntityListScreen } from './entity-list-screen.tsx';
import { useViewer } from '../viewer/use-viewer.ts';
import { screenEntity } from './spec-entities.ts';
import type { SpecScreen } from './spec-screen.ts';

const views = { list: EntityListScreen, detail: EntityDetailScreen, form: EntityFormScreen };

/** The component of a generated screen: its kind's building block, told which screen and entity it shows. */
export function screenComponent(name: string) {
  const screen = (specScreens as Record<string, SpecScreen>)[name];
  if (!screen || screen.kind === 'custom') throw new Error(`The specification has no generated screen ${name}.`);
  const View = views[screen.kind];
  return function SpecScreenView() {
    // The fields the viewer's role may see (spec/roles.ts `hide`); the frame waits for the viewer before drawing records.
    const entity = screenEntity(screen.entity, useViewer().data?.role ?? null);
    return <View screen={screen} entity={entity} />;
  };
}
