import type { Weekday } from './rules.ts';

/**
 * [5] A rule of spec/rules.ts, resolved: constants looked up (zones, times of day,
 * maxima), relation fields given their columns. src/shared/generated/rules.ts holds one
 * per rule; the runtime checks them (src/server/spec-runtime/rules.ts). A rule an event
 * names as a guard runs when that event fires; every other rule runs on each create,
 * update and event of its entity.
 */
export type RuleMeta = {
  readonly name: string;
  readonly entity: string;
  /** The catalogue code it raises, with its status. */
  readonly error: string;
  readonly description: string | null;
  /** Whether an event names it as a guard (then it runs only on those events). */
  readonly guard: boolean;
} & (
  | {
      readonly kind: 'compare';
      readonly field: string;
      readonly op: '<' | '<=' | '>' | '>=' | '!=';
      readonly than: string;
    }
  | {
      readonly kind: 'timeWindow';
      readonly field: string;
      readonly zone: string;
      /** 'HH:mm', from ≤ time < to. */
      readonly from: string;
      readonly to: string;
      readonly days: readonly Weekday[];
    }
  | {
      readonly kind: 'noOverlap';
      readonly start: string;
      readonly minutes: string;
      /** The relation field, and its column. */
      readonly per: string;
      readonly perColumn: string;
      /** The longest `minutes` may be: how far back an overlapping record can start. */
      readonly maxMinutes: number;
      readonly states: readonly string[] | null;
    }
  | {
      readonly kind: 'countPerPeriod';
      readonly field: string;
      readonly per: string;
      readonly perColumn: string;
      readonly period: 'day' | 'week' | 'month';
      readonly max: number;
      readonly zone: string;
    }
);
