import type { EntityNameOf, FieldNameOf } from './entities.ts';
import type { FieldSpec } from './fields.ts';
import type { NotSpecified } from './not-specified.ts';
import type { SpecPoint, ValueOf } from './points.ts';
import type { RoleNameOf } from './roles.ts';
import type { EventNameOf } from './states.ts';

/** The standard operations a runtime building block provides; 'events' is one per state event. */
export type StandardOperation = 'list' | 'get' | 'create' | 'update' | 'archive' | 'events';

/** One entity's standard operations, and how its list may be narrowed. */
export interface EntityOperations<Field extends string = string> {
  readonly standard: readonly StandardOperation[];
  readonly list?: {
    /** Fields the list may be filtered by (exact match; a range for dates and numbers). */
    readonly filters?: readonly (Field | 'state')[];
    /** Fields it may be sorted by; the first is the default, newest first. */
    readonly sort?: readonly (Field | 'createdAt' | 'number')[];
    /** Page size; default the foundation's. */
    readonly pageSize?: number;
  };
}

/** Who may call a custom operation. */
export type Access<Role extends string> = 'public' | 'signed-in' | readonly Role[];

/** An operation the standard ones do not cover: its contract is derived, its handler owned. */
export interface CustomOperation<Role extends string = string, Code extends string = string> {
  readonly kind: 'query' | 'mutation';
  readonly summary: string;
  readonly who: Access<Role>;
  readonly input: Readonly<Record<string, FieldSpec>>;
  readonly output: Readonly<Record<string, FieldSpec>>;
  /** Catalogue codes it may raise besides those every call may. */
  readonly errors?: readonly Code[];
}

/** A transactional e-mail, sent after the commit of the event that triggers it. */
export interface EmailSpec<Trigger extends string = string> {
  /** 'Entity.event' (spec/states.ts). */
  readonly on: Trigger;
  /** A path from the record to an e-mail field or a user: 'customer.email', 'technician'. */
  readonly to: string;
  /** The subject; `{path}` inserts a value of `data`. */
  readonly subject: string;
  /** Paths from the record the e-mail shows: 'number', 'vehicle.plate'. Typed in the derived template data. */
  readonly data: readonly string[];
  readonly description?: string;
}

export interface CallsSpec {
  readonly operations?: Readonly<Record<string, EntityOperations>>;
  readonly custom?: Readonly<Record<string, CustomOperation>>;
  readonly emails?: Readonly<Record<string, EmailSpec>>;
}

interface CallsContext {
  readonly entities: unknown;
  readonly states: unknown;
  readonly roles: unknown;
  readonly errors: unknown;
}

interface CheckedCalls<C extends CallsContext> {
  readonly operations?: {
    readonly [Entity in EntityNameOf<C['entities']>]?: EntityOperations<FieldNameOf<C['entities'], Entity>>;
  };
  readonly custom?: Readonly<
    Record<string, CustomOperation<RoleNameOf<C['roles']>, Extract<keyof ValueOf<C['errors']>, string>>>
  >;
  readonly emails?: Readonly<Record<string, EmailSpec<EventNameOf<C['states']>>>>;
}

/**
 * [7] Declares the calls the product answers and makes (spec/calls.ts): the standard
 * operations per entity, custom operations with their input and output, and the
 * transactional e-mails with their trigger, recipient, subject and data.
 * @example
 * export default defineCalls({ entities, states, roles, errors }, {
 *   operations: { Customer: { standard: ['list', 'get', 'create', 'update', 'archive'] } },
 *   emails: { workOrderScheduled: { on: 'WorkOrder.schedule', to: 'customer.email', subject: 'Booked: {number}', data: ['number'] } },
 * });
 */
export function defineCalls(value: NotSpecified): SpecPoint<'calls', never>;
export function defineCalls<const C extends CallsContext, const V extends CheckedCalls<C>>(
  context: C,
  value: V,
): SpecPoint<'calls', V>;
export function defineCalls(...args: [NotSpecified] | [CallsContext, CallsSpec]): SpecPoint<'calls', CallsSpec> {
  return { point: 'calls', value: args.length === 1 ? args[0] : args[1] };
}
