import type { EntityMeta, EventMeta } from '../../shared/spec/entity-meta.ts';
import { entityPermission, eventPermission, type EntityAction } from '../../shared/spec/permission-names.ts';
import { allSeeingRole } from './screen-who.ts';

/**
 * [2] What a person may see and do on the specification's screens, from their role and
 * the permissions they hold. It only hides: the server checks every call again, and
 * narrows each to the records the role may reach ("own").
 */

/** Whether one of the caller's permissions is held: a string as permission-names.ts spells it. */
export type Holds = (permission: string) => boolean;

/** Whether the caller may `action` some records of `meta`: all of them (`:any`) or their own (`:own`). */
export function mayDo(meta: Pick<EntityMeta, 'name'>, action: EntityAction, holds: Holds): boolean {
  return holds(entityPermission(meta.name, action, 'all')) || holds(entityPermission(meta.name, action, 'own'));
}

export interface AvailableEvent extends EventMeta {
  readonly name: string;
}

/**
 * The state events the caller may fire on a record in `state` now: those leaving that
 * state, whose `who` names the caller's role (an administrator: every one), and whose
 * permission the caller holds. In the spec's order.
 */
export function availableEvents(
  meta: Pick<EntityMeta, 'name' | 'states'>,
  state: string,
  role: string,
  holds: Holds,
): AvailableEvent[] {
  if (!meta.states) return [];
  return Object.entries(meta.states.events)
    .filter(([, event]) => event.from.includes(state))
    .filter(([, event]) => role === allSeeingRole || event.who.includes(role))
    .filter(
      ([name]) => holds(eventPermission(meta.name, name, 'all')) || holds(eventPermission(meta.name, name, 'own')),
    )
    .map(([name, event]) => ({ name, ...event }));
}

/** Whether firing an event needs a dialog first: it asks for fields or a note. */
export function eventAsks(event: Pick<EventMeta, 'requires' | 'note'>): boolean {
  return event.requires.length > 0 || event.note !== 'none';
}

/** What the detail screen offers on a record: editing and archiving (if live), and the events. */
export function recordActions(
  meta: Pick<EntityMeta, 'name' | 'states'>,
  record: Readonly<Record<string, unknown>>,
  role: string,
  holds: Holds,
  operations: readonly string[],
): { edit: boolean; archive: boolean; events: AvailableEvent[] } {
  if (record.archivedAt) return { edit: false, archive: false, events: [] };
  return {
    edit: operations.includes('update') && mayDo(meta, 'update', holds),
    archive: operations.includes('archive') && mayDo(meta, 'archive', holds),
    events:
      operations.includes('events') && typeof record.state === 'string'
        ? availableEvents(meta, record.state, role, holds)
        : [],
  };
}
