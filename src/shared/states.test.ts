import { describe, expect, expectTypeOf, it } from 'vitest';
import { AppError } from './errors.ts';
import { allowedEvents, can, defineMachine, transition, type EventOf, type Machine, type StateOf } from './states.ts';

interface Review {
  approvals: number;
  isEditor: boolean;
}

// A machine of the tests' own: the specification has not named one yet.
const documentMachine = defineMachine({
  name: 'document',
  states: ['draft', 'review', 'published', 'archived'] as const,
  initial: 'draft',
  transitions: {
    submit: { from: ['draft'], to: 'review' },
    reject: { from: ['review'], to: 'draft' },
    publish: {
      from: ['review'],
      to: 'published',
      guard: (review: Review) => review.approvals > 0 || 'A reviewer must approve first.',
    },
    unpublish: { from: ['published'], to: 'draft', guard: (review: Review) => review.isEditor },
    archive: { from: '*', to: 'archived' },
  },
});

type DocumentState = StateOf<typeof documentMachine>;
type DocumentEvent = EventOf<typeof documentMachine>;

const states = documentMachine.states;
const events = Object.keys(documentMachine.transitions) as DocumentEvent[];
const approvedByEditor: Review = { approvals: 1, isEditor: true };

// Every (state, event) pair, with guards passing; null = not allowed from that state.
// Typed as a full record, so adding a state or an event to the machine fails here until it is decided.
const expected: Record<DocumentState, Record<DocumentEvent, DocumentState | null>> = {
  draft: { submit: 'review', reject: null, publish: null, unpublish: null, archive: 'archived' },
  review: { submit: null, reject: 'draft', publish: 'published', unpublish: null, archive: 'archived' },
  published: { submit: null, reject: null, publish: null, unpublish: 'draft', archive: 'archived' },
  archived: { submit: null, reject: null, publish: null, unpublish: null, archive: 'archived' },
};

/** Runs `act` and returns the AppError it throws, failing the test if it throws anything else or nothing. */
function thrownBy(act: () => unknown): AppError {
  try {
    act();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error('Expected an AppError, but nothing was thrown.');
}

describe('transition: every state and event of the document machine', () => {
  const pairs = states.flatMap((state) => events.map((event) => [state, event, expected[state][event]] as const));

  it('covers all 20 pairs', () => {
    expect(pairs).toHaveLength(20);
  });

  it.each(pairs)('%s + %s → %s', (state, event, next) => {
    if (next !== null) {
      expect(transition(documentMachine, state, event, approvedByEditor)).toBe(next);
      expect(can(documentMachine, state, event, approvedByEditor)).toBe(true);
      return;
    }
    const error = thrownBy(() => transition(documentMachine, state, event, approvedByEditor));
    expect(error.code).toBe('INVALID_TRANSITION');
    expect(error.message).toBe(`Cannot "${event}" from "${state}".`);
    expect(error.details).toStrictEqual({ machine: 'document', from: state, event });
    expect(can(documentMachine, state, event, approvedByEditor)).toBe(false);
  });
});

describe('guards', () => {
  it('allows when the guard returns true', () => {
    expect(transition(documentMachine, 'review', 'publish', { approvals: 2, isEditor: false })).toBe('published');
  });

  it('refuses with the reason the guard returns', () => {
    const error = thrownBy(() => transition(documentMachine, 'review', 'publish', { approvals: 0, isEditor: true }));
    expect(error.code).toBe('INVALID_TRANSITION');
    expect(error.message).toBe('Cannot "publish" from "review". A reviewer must approve first.');
    expect(error.details).toStrictEqual({
      machine: 'document',
      from: 'review',
      event: 'publish',
      reason: 'A reviewer must approve first.',
    });
  });

  it('refuses with a generic reason when the guard returns false', () => {
    const error = thrownBy(() =>
      transition(documentMachine, 'published', 'unpublish', { approvals: 1, isEditor: false }),
    );
    expect(error.message).toBe('Cannot "unpublish" from "published". Not allowed right now.');
    expect(error.details).toStrictEqual({
      machine: 'document',
      from: 'published',
      event: 'unpublish',
      reason: 'Not allowed right now.',
    });
  });

  it('passes the context through to the guard, as given', () => {
    const seen: unknown[] = [];
    const machine = defineMachine({
      name: 'door',
      states: ['shut', 'open'] as const,
      initial: 'shut',
      transitions: {
        open: {
          from: ['shut'],
          to: 'open',
          guard: (key: { id: string }) => {
            seen.push(key);
            return key.id === 'front';
          },
        },
      },
    });
    const key = { id: 'front' };
    expect(transition(machine, 'shut', 'open', key)).toBe('open');
    expect(seen).toHaveLength(1);
    expect(seen[0]).toBe(key);
  });

  it('is not consulted when the event is not allowed from the state anyway', () => {
    let calls = 0;
    const machine = defineMachine({
      name: 'door',
      states: ['shut', 'open'] as const,
      initial: 'shut',
      transitions: { open: { from: ['shut'], to: 'open', guard: () => ++calls > 0 } },
    });
    expect(can(machine, 'open', 'open')).toBe(false);
    expect(calls).toBe(0);
  });
});

describe("'*' as from", () => {
  it('allows the event from every declared state', () => {
    for (const state of states)
      expect(transition(documentMachine, state, 'archive', approvedByEditor)).toBe('archived');
  });
});

describe('values that are not in the machine (from a database or a request)', () => {
  it('throws INVALID_TRANSITION for an unknown current state, even for a "*" event', () => {
    const stored = 'deleted' as DocumentState;
    const error = thrownBy(() => transition(documentMachine, stored, 'archive', approvedByEditor));
    expect(error.code).toBe('INVALID_TRANSITION');
    expect(error.message).toBe('Cannot "archive" from "deleted". "deleted" is not a state of document.');
    expect(error.details).toStrictEqual({
      machine: 'document',
      from: 'deleted',
      event: 'archive',
      reason: '"deleted" is not a state of document.',
    });
  });

  it('throws INVALID_TRANSITION for an unknown event, including inherited names', () => {
    const received: string[] = ['explode', 'toString', '__proto__'];
    for (const event of received) {
      const error = thrownBy(() => transition(documentMachine, 'draft', event as DocumentEvent, approvedByEditor));
      expect(error.code).toBe('INVALID_TRANSITION');
      expect(error.details).toMatchObject({ machine: 'document', from: 'draft', event });
    }
  });

  it('can answers false instead of throwing', () => {
    expect(can(documentMachine, 'deleted' as DocumentState, 'archive', approvedByEditor)).toBe(false);
    expect(can(documentMachine, 'draft', 'explode' as DocumentEvent, approvedByEditor)).toBe(false);
    expect(allowedEvents(documentMachine, 'deleted' as DocumentState, approvedByEditor)).toStrictEqual([]);
  });
});

describe('can and allowedEvents', () => {
  it('can applies guards', () => {
    expect(can(documentMachine, 'review', 'publish', { approvals: 1, isEditor: false })).toBe(true);
    expect(can(documentMachine, 'review', 'publish', { approvals: 0, isEditor: false })).toBe(false);
    expect(can(documentMachine, 'published', 'unpublish', { approvals: 0, isEditor: false })).toBe(false);
  });

  it.each(states)('allowedEvents from %s: the events with a next state, in declaration order', (state) => {
    const withNextState = events.filter((event) => expected[state][event] !== null);
    expect(allowedEvents(documentMachine, state, approvedByEditor)).toStrictEqual(withNextState);
  });

  it('allowedEvents leaves out the events a guard refuses', () => {
    expect(allowedEvents(documentMachine, 'review', { approvals: 0, isEditor: true })).toStrictEqual([
      'reject',
      'archive',
    ]);
    expect(allowedEvents(documentMachine, 'published', { approvals: 0, isEditor: false })).toStrictEqual(['archive']);
  });

  it('needs no context for a machine whose guards take none', () => {
    const light = defineMachine({
      name: 'light',
      states: ['off', 'on'] as const,
      initial: 'off',
      transitions: { switchOn: { from: ['off'], to: 'on', guard: () => true }, switchOff: { from: ['on'], to: 'off' } },
    });
    expect(transition(light, 'off', 'switchOn')).toBe('on');
    expect(can(light, 'on', 'switchOn')).toBe(false);
    expect(allowedEvents(light, 'on')).toStrictEqual(['switchOff']);
  });
});

describe('the machine is frozen', () => {
  it('freezes the machine, its states, its transitions, each rule and each from list', () => {
    expect(Object.isFrozen(documentMachine)).toBe(true);
    expect(Object.isFrozen(documentMachine.states)).toBe(true);
    expect(Object.isFrozen(documentMachine.transitions)).toBe(true);
    for (const event of events) {
      expect(Object.isFrozen(documentMachine.transitions[event])).toBe(true);
      expect(Object.isFrozen(documentMachine.transitions[event].from)).toBe(true);
    }
  });

  it('rejects a mutation of the rules', () => {
    const rules = documentMachine.transitions as unknown as Record<
      'publish' | 'submit',
      { from: string[]; to: string }
    >;
    expect(() => {
      rules.publish = { from: ['draft'], to: 'published' };
    }).toThrow(TypeError);
    expect(() => {
      rules.submit.to = 'published';
    }).toThrow(TypeError);
    expect(() => rules.submit.from.push('archived')).toThrow(TypeError);
  });

  it('is not changed by a later change to the definition it was made from', () => {
    const definition = {
      name: 'light',
      states: ['off', 'on'] as ['off', 'on'],
      initial: 'off' as const,
      transitions: { switchOn: { from: ['off'] as ('off' | 'on')[], to: 'on' as const } },
    };
    const light = defineMachine(definition);
    definition.states.push('on');
    definition.transitions.switchOn.from.push('on');
    expect(light.states).toStrictEqual(['off', 'on']);
    expect(can(light, 'on', 'switchOn')).toBe(false);
  });
});

describe('types', () => {
  it('infers states and events as literal unions', () => {
    expectTypeOf<DocumentState>().toEqualTypeOf<'draft' | 'review' | 'published' | 'archived'>();
    expectTypeOf<DocumentEvent>().toEqualTypeOf<'submit' | 'reject' | 'publish' | 'unpublish' | 'archive'>();
    expectTypeOf(documentMachine).toEqualTypeOf<Machine<DocumentState, DocumentEvent, Review>>();
    expectTypeOf(transition(documentMachine, 'draft', 'submit', approvedByEditor)).toEqualTypeOf<DocumentState>();
    expectTypeOf(allowedEvents(documentMachine, 'draft', approvedByEditor)).toEqualTypeOf<DocumentEvent[]>();
  });

  it('rejects a typo in initial, from or to at compile time', () => {
    defineMachine({
      name: 'typo',
      states: ['draft', 'review'] as const,
      // @ts-expect-error 'drafts' is not a declared state
      initial: 'drafts',
      transitions: {},
    });
    defineMachine({
      name: 'typo',
      states: ['draft', 'review'] as const,
      initial: 'draft',
      // @ts-expect-error 'reveiw' is not a declared state
      transitions: { submit: { from: ['draft'], to: 'reveiw' } },
    });
    defineMachine({
      name: 'typo',
      states: ['draft', 'review'] as const,
      initial: 'draft',
      // @ts-expect-error 'drat' is not a declared state
      transitions: { submit: { from: ['drat'], to: 'review' } },
    });
  });

  it('rejects an unknown event or state, and a missing context, when applying an event', () => {
    // @ts-expect-error 'pubilsh' is not an event of the machine
    expect(() => transition(documentMachine, 'review', 'pubilsh', approvedByEditor)).toThrow(AppError);
    // @ts-expect-error 'reviewed' is not a state of the machine
    expect(() => transition(documentMachine, 'reviewed', 'publish', approvedByEditor)).toThrow(AppError);
    // @ts-expect-error 'pubilsh' is not an event of the machine
    expect(can(documentMachine, 'review', 'pubilsh', approvedByEditor)).toBe(false);
    // @ts-expect-error the guards need a Review
    expect(() => can(documentMachine, 'review', 'publish')).toThrow(TypeError);
  });
});
