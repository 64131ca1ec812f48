import { describe, expect, it } from 'vitest';
import type { EntityMeta, EventMeta } from '../../shared/spec/entity-meta.ts';
import { availableEvents, eventAsks, mayDo, recordActions } from './screen-access.ts';
import { mayOpenScreen } from './screen-who.ts';

const event = (over: Partial<EventMeta>): EventMeta => ({
  label: 'Go',
  from: ['draft'],
  to: 'done',
  who: ['dispatcher'],
  guards: [],
  requires: [],
  note: 'none',
  ...over,
});

// The workshop's machine, as much of it as the screens read.
const workOrder: Pick<EntityMeta, 'name' | 'states'> = {
  name: 'WorkOrder',
  states: {
    states: ['draft', 'scheduled', 'in_progress', 'cancelled'],
    initial: 'draft',
    events: {
      schedule: event({ label: 'Schedule', from: ['draft'], to: 'scheduled', requires: ['scheduledAt'] }),
      start: event({ label: 'Start', from: ['scheduled'], to: 'in_progress', who: ['technician', 'dispatcher'] }),
      cancel: event({
        label: 'Cancel',
        from: ['draft', 'scheduled'],
        to: 'cancelled',
        who: ['dispatcher', 'customer'],
        note: 'optional',
      }),
    },
  },
};

/** A caller holding exactly these permissions. */
const holding =
  (...held: string[]) =>
  (permission: string) =>
    held.includes(permission);

describe('who opens a screen', () => {
  it('lets in the roles its who names, and an administrator always', () => {
    const screen = { who: ['dispatcher'] as const };
    expect(mayOpenScreen(screen, 'dispatcher')).toBe(true);
    expect(mayOpenScreen(screen, 'admin')).toBe(true);
    expect(mayOpenScreen(screen, 'technician')).toBe(false);
    expect(mayOpenScreen(screen, null)).toBe(false);
  });

  it('lets anyone signed in open a signed-in screen, and anyone a public one', () => {
    expect(mayOpenScreen({ who: 'signed-in' }, 'member')).toBe(true);
    expect(mayOpenScreen({ who: 'signed-in' }, null)).toBe(false);
    expect(mayOpenScreen({ who: 'public' }, null)).toBe(true);
  });
});

describe('the events a caller sees on a record', () => {
  it('are those leaving its state whose who names the caller, and whose permission they hold', () => {
    const dispatcher = holding('schedule:work-order:any', 'start:work-order:any', 'cancel:work-order:any');
    expect(availableEvents(workOrder, 'draft', 'dispatcher', dispatcher).map((e) => e.name)).toEqual([
      'schedule',
      'cancel',
    ]);
    expect(availableEvents(workOrder, 'scheduled', 'dispatcher', dispatcher).map((e) => e.name)).toEqual([
      'start',
      'cancel',
    ]);
    expect(availableEvents(workOrder, 'cancelled', 'dispatcher', dispatcher)).toEqual([]);
  });

  it('leave out an event the role is not named for, even with its permission', () => {
    const technician = holding('start:work-order:own', 'cancel:work-order:any');
    expect(availableEvents(workOrder, 'scheduled', 'technician', technician).map((e) => e.name)).toEqual(['start']);
  });

  it('leave out an event whose permission the caller lacks (an API key narrower than its role)', () => {
    expect(availableEvents(workOrder, 'draft', 'customer', holding())).toEqual([]);
    expect(
      availableEvents(workOrder, 'draft', 'customer', holding('cancel:work-order:own')).map((e) => e.name),
    ).toEqual(['cancel']);
  });

  it('are every event leaving the state for an administrator holding them', () => {
    const admin = holding('schedule:work-order:any', 'cancel:work-order:any');
    expect(availableEvents(workOrder, 'draft', 'admin', admin).map((e) => e.name)).toEqual(['schedule', 'cancel']);
  });

  it('ask first when they require fields or take a note', () => {
    const [schedule, start, cancel] = Object.values(workOrder.states?.events ?? {});
    expect([schedule, start, cancel].map((e) => e && eventAsks(e))).toEqual([true, false, true]);
  });
});

describe('what the detail screen offers', () => {
  const all = ['list', 'get', 'create', 'update', 'archive', 'events'];
  const dispatcher = holding('update:work-order:any', 'archive:work-order:any', 'start:work-order:any');

  it('edit and archive by permission (own or any), events by state', () => {
    const actions = recordActions(workOrder, { state: 'scheduled', archivedAt: null }, 'dispatcher', dispatcher, all);
    expect(actions.edit).toBe(true);
    expect(actions.archive).toBe(true);
    expect(actions.events.map((e) => e.name)).toEqual(['start']);
    expect(mayDo(workOrder, 'update', holding('update:work-order:own'))).toBe(true);
    expect(mayDo(workOrder, 'update', holding('read:work-order:any'))).toBe(false);
  });

  it('nothing the spec does not offer as an operation', () => {
    const actions = recordActions(workOrder, { state: 'scheduled' }, 'dispatcher', dispatcher, ['list', 'get']);
    expect(actions).toEqual({ edit: false, archive: false, events: [] });
  });

  it('nothing on an archived record: it can no longer change', () => {
    const actions = recordActions(workOrder, { state: 'scheduled', archivedAt: new Date() }, 'admin', dispatcher, all);
    expect(actions).toEqual({ edit: false, archive: false, events: [] });
  });
});
