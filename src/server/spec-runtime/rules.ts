import { errorCodes } from '../../shared/error-codes.ts';
import { AppError, type AppErrorCode } from '../../shared/errors.ts';
import { instantsAt, wallTimeOf, type WallTime } from '../../shared/schemas/fields.schema.ts';
import type { EntityMeta } from '../../shared/spec/entity-meta.ts';
import type { RuleMeta } from '../../shared/spec/rule-meta.ts';
import type { Weekday } from '../../shared/spec/rules.ts';
import { specRules } from '../../shared/generated/rules.ts';
import type { Engine } from '../db/engines.ts';
import type { TransactionClient } from '../db/transaction.ts';
import { modelOf, type Row, type Where } from './model-delegate.ts';

/**
 * [5] The rules beyond a single field, checked inside the write's transaction against
 * the record as it will be stored. A rule an event names as a guard runs when that event
 * fires; every other rule runs on each create, update and event of its entity. A broken
 * rule raises its catalogue error, its message beside the field it concerns.
 */
const rules: readonly RuleMeta[] = specRules;

/** Which rules a write of `meta` runs: the unguarded ones, and the guards of the event firing. */
export function rulesFor(meta: EntityMeta, guards: readonly string[] = []): RuleMeta[] {
  return rules.filter((rule) => rule.entity === meta.name && (!rule.guard || guards.includes(rule.name)));
}

function broken(rule: RuleMeta, field: string): AppError {
  const code = rule.error as AppErrorCode;
  return new AppError(code, { fieldErrors: { [field]: [errorCodes[code].message] }, details: { rule: rule.name } });
}

const comparable = (value: unknown) => (value instanceof Date ? value.getTime() : value);

function compares(op: '<' | '<=' | '>' | '>=' | '!=', a: unknown, b: unknown): boolean {
  const [x, y] = [comparable(a), comparable(b)] as [number | string, number | string];
  switch (op) {
    case '<':
      return x < y;
    case '<=':
      return x <= y;
    case '>':
      return x > y;
    case '>=':
      return x >= y;
    case '!=':
      return x !== y;
  }
}

const weekdays: readonly Weekday[] = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
const minutesOf = (time: string) => {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
};

function withinWindow(rule: Extract<RuleMeta, { kind: 'timeWindow' }>, instant: Date): boolean {
  const wall = wallTimeOf(instant, rule.zone);
  const minute = wall.hour * 60 + wall.minute;
  const day = weekdays[wall.weekday];
  return day !== undefined && rule.days.includes(day) && minute >= minutesOf(rule.from) && minute < minutesOf(rule.to);
}

/** The first instant of the wall-clock day `wall` in `zone` (or of its first hour that exists). */
function startOfDay(wall: Pick<WallTime, 'year' | 'month' | 'day'>, zone: string): Date {
  const normal = new Date(Date.UTC(wall.year, wall.month - 1, wall.day));
  const day = { year: normal.getUTCFullYear(), month: normal.getUTCMonth() + 1, day: normal.getUTCDate() };
  for (let hour = 0; hour < 24; hour += 1) {
    const [first] = instantsAt({ ...day, hour, minute: 0 }, zone);
    if (first) return first;
  }
  throw new Error(`No hour of ${JSON.stringify(day)} exists in ${zone}`);
}

/** The period (day, week from Monday, month) around `instant` on the zone's calendar, as [start, end). */
export function periodAround(instant: Date, period: 'day' | 'week' | 'month', zone: string): [Date, Date] {
  const wall = wallTimeOf(instant, zone);
  if (period === 'month')
    return [
      startOfDay({ ...wall, day: 1 }, zone),
      startOfDay({ year: wall.year, month: wall.month + 1, day: 1 }, zone),
    ];
  const first = period === 'day' ? wall.day : wall.day - ((wall.weekday + 6) % 7);
  const length = period === 'day' ? 1 : 7;
  return [startOfDay({ ...wall, day: first }, zone), startOfDay({ ...wall, day: first + length }, zone)];
}

/**
 * On PostgreSQL two transactions could each count the other's record as absent; a
 * transaction-scoped advisory lock per rule and `per` value makes them take turns.
 * SQLite has one writer at a time already.
 */
async function serialize(tx: TransactionClient, engine: Engine, key: string) {
  if (engine === 'postgresql') await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${key}))`;
}

/** Checks `rules` against `record` (stored values, after the write); throws the first broken rule's error. */
export async function checkRules(
  tx: TransactionClient,
  engine: Engine,
  meta: EntityMeta,
  record: Row,
  selected: readonly RuleMeta[],
): Promise<void> {
  const others = (where: Where): Where => ({
    AND: [where, { archivedAt: null }, record.id ? { id: { not: record.id } } : {}],
  });
  for (const rule of selected) {
    switch (rule.kind) {
      case 'compare': {
        const [a, b] = [record[rule.field], record[rule.than]];
        if (a !== null && a !== undefined && b !== null && b !== undefined && !compares(rule.op, a, b))
          throw broken(rule, rule.field);
        break;
      }
      case 'timeWindow': {
        const value = record[rule.field];
        if (value instanceof Date && !withinWindow(rule, value)) throw broken(rule, rule.field);
        break;
      }
      case 'noOverlap': {
        const [start, minutes, per] = [record[rule.start], record[rule.minutes], record[rule.perColumn]];
        if (!(start instanceof Date) || typeof minutes !== 'number' || per === null || per === undefined) break;
        if (rule.states && typeof record.state === 'string' && !rule.states.includes(record.state)) break;
        await serialize(tx, engine, `${rule.name}:${per as string}`);
        const end = start.getTime() + minutes * 60_000;
        const near = await modelOf(tx, meta).findMany({
          where: others({
            [rule.perColumn]: per,
            [rule.start]: { gt: new Date(start.getTime() - rule.maxMinutes * 60_000), lt: new Date(end) },
            ...(rule.states ? { state: { in: rule.states } } : {}),
          }),
          select: { [rule.start]: true, [rule.minutes]: true },
        });
        const overlaps = near.some((row) => {
          const otherStart = row[rule.start] as Date;
          return otherStart.getTime() + Number(row[rule.minutes]) * 60_000 > start.getTime();
        });
        if (overlaps) throw broken(rule, rule.start);
        break;
      }
      case 'countPerPeriod': {
        const [value, per] = [record[rule.field], record[rule.perColumn]];
        if (!(value instanceof Date) || per === null || per === undefined) break;
        await serialize(tx, engine, `${rule.name}:${per as string}`);
        const [from, to] = periodAround(value, rule.period, rule.zone);
        const count = await modelOf(tx, meta).count({
          where: others({ [rule.perColumn]: per, [rule.field]: { gte: from, lt: to } }),
        });
        if (count >= rule.max) throw broken(rule, rule.field);
        break;
      }
    }
  }
}
