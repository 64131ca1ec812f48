/**
 * [4] States and transitions: the home of the specification's state machines (docs/spec.md, point 4).
 *
 * The specification names no machine yet. Each one it names is declared here, once, so the
 * server (which enforces it) and the client (which shows only the actions allowed now) read
 * the same rules. Declare with `defineMachine`; a typo in a state or event name is a type error.
 *
 * @example
 * const invoice = defineMachine({
 *   name: 'invoice',
 *   states: ['open', 'paid', 'void'] as const,
 *   initial: 'open',
 *   transitions: {
 *     pay: { from: ['open'], to: 'paid', guard: (total: number) => total > 0 || 'An empty invoice cannot be paid.' },
 *     cancel: { from: '*', to: 'void' },
 *   },
 * });
 * type InvoiceState = StateOf<typeof invoice>; // 'open' | 'paid' | 'void'
 * transition(invoice, 'open', 'pay', 120); // 'paid'
 * allowedEvents(invoice, 'open', 0); // ['cancel']
 */
import { AppError } from './errors.ts';

export interface TransitionRule<State extends string, Context> {
  /** The states the event may fire from; '*' for every state. */
  readonly from: readonly State[] | '*';
  readonly to: State;
  /** true allows; false refuses; a string refuses and is the reason a person reads. */
  readonly guard?: (context: Context) => boolean | string;
}

export interface Machine<State extends string, Event extends string, Context = undefined> {
  readonly name: string;
  readonly states: readonly State[];
  readonly initial: State;
  readonly transitions: Readonly<Record<Event, TransitionRule<State, Context>>>;
}

type AnyMachine = Machine<string, string, never>;
export type StateOf<M extends AnyMachine> = M['states'][number];
export type EventOf<M extends AnyMachine> = keyof M['transitions'] & string;

/** The context may be left out only when the machine's guards accept undefined (or there are none). */
type ContextArgument<Context> = undefined extends Context ? [context?: Context] : [context: Context];

export function defineMachine<const State extends string, Event extends string, Context = undefined>(definition: {
  name: string;
  states: readonly [State, ...State[]];
  // NoInfer: only `states` declares the states, so a typo elsewhere is an error, not a new state.
  initial: NoInfer<State>;
  transitions: Record<Event, TransitionRule<NoInfer<State>, Context>>;
}): Machine<State, Event, Context> {
  // Frozen copies, so neither a caller holding the definition nor a consumer can change the rules.
  const rules = Object.entries<TransitionRule<State, Context>>(definition.transitions).map(([event, rule]) => [
    event,
    Object.freeze({ ...rule, from: rule.from === '*' ? '*' : Object.freeze([...rule.from]) }),
  ]);
  return Object.freeze({
    name: definition.name,
    states: Object.freeze([...definition.states]),
    initial: definition.initial,
    transitions: Object.freeze(Object.fromEntries(rules) as Record<Event, TransitionRule<State, Context>>),
  });
}

type Verdict<State> = { allowed: true; to: State } | { allowed: false; reason?: string };

/** The one place the rules are read; `transition` throws its refusals, `can` and `allowedEvents` count them. */
function judge<State extends string, Event extends string, Context>(
  machine: Machine<State, Event, Context>,
  current: string,
  event: string,
  context: Context,
): Verdict<State> {
  // Values arrive from a database or a request at run time, so the types alone do not guarantee them.
  if (!(machine.states as readonly string[]).includes(current)) {
    return { allowed: false, reason: `"${current}" is not a state of ${machine.name}.` };
  }
  // Object.hasOwn, so an inherited name such as "toString" is not mistaken for an event.
  if (!Object.hasOwn(machine.transitions, event)) {
    return { allowed: false, reason: `"${event}" is not an event of ${machine.name}.` };
  }
  const rule = machine.transitions[event as Event];
  if (rule.from !== '*' && !rule.from.includes(current as State)) return { allowed: false };
  const verdict = rule.guard ? rule.guard(context) : true;
  if (verdict === true) return { allowed: true, to: rule.to };
  return { allowed: false, reason: typeof verdict === 'string' && verdict !== '' ? verdict : 'Not allowed right now.' };
}

/** The state after `event`, or an INVALID_TRANSITION AppError saying why not. */
export function transition<State extends string, Event extends string, Context>(
  machine: Machine<State, Event, Context>,
  current: NoInfer<State>,
  event: NoInfer<Event>,
  ...[context]: ContextArgument<NoInfer<Context>>
): State {
  const verdict = judge(machine, current, event, context as Context);
  if (verdict.allowed) return verdict.to;
  const reason = verdict.reason === undefined ? '' : ` ${verdict.reason}`;
  throw new AppError('INVALID_TRANSITION', {
    message: `Cannot "${event}" from "${current}".${reason}`,
    details: {
      machine: machine.name,
      from: current,
      event,
      ...(verdict.reason === undefined ? {} : { reason: verdict.reason }),
    },
  });
}

/** Whether `event` is allowed now. Never throws for a refusal (a guard that itself throws is a bug, left visible). */
export function can<State extends string, Event extends string, Context>(
  machine: Machine<State, Event, Context>,
  current: NoInfer<State>,
  event: NoInfer<Event>,
  ...[context]: ContextArgument<NoInfer<Context>>
): boolean {
  return judge(machine, current, event, context as Context).allowed;
}

/** The events allowed now, guards applied, in declaration order: the actions a UI should offer. */
export function allowedEvents<State extends string, Event extends string, Context>(
  machine: Machine<State, Event, Context>,
  current: NoInfer<State>,
  ...[context]: ContextArgument<NoInfer<Context>>
): Event[] {
  return (Object.keys(machine.transitions) as Event[]).filter(
    (event) => judge(machine, current, event, context as Context).allowed,
  );
}
