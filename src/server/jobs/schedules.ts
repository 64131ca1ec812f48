import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import { currentClient, inTransaction } from '../db/transaction.ts';
import type { JobReference } from './define-job.ts';
import { enqueue } from './enqueue.ts';

/**
 * What a schedule does with ticks missed while no instance ran (downtime):
 * `skip` runs none of them and waits for the next slot; `run-once` runs the job once,
 * however many were missed.
 */
export type MissedTicks = 'skip' | 'run-once';

export interface ScheduleDefinition {
  readonly name: string;
  readonly cron: Cron;
  readonly timezone: string;
  readonly job: JobReference<Record<string, never>> & { maxAttempts?: number };
  readonly missed: MissedTicks;
}

/**
 * A job run at each slot of a cron expression (croner's syntax, five or six fields), read in
 * `timezone` (an IANA name such as Europe/Paris; daylight-saving changes follow it). Every
 * instance checks every schedule; one compare-and-set per slot (ScheduleState) lets
 * exactly one of them enqueue the slot's job, whose de-duplication key is the name and
 * the slot.
 */
export function defineSchedule(
  name: string,
  cron: string,
  timezone: string,
  job: JobReference<Record<string, never>> & { maxAttempts?: number },
  options: { missed?: MissedTicks } = {},
): ScheduleDefinition {
  return {
    name,
    cron: new Cron(cron, { timezone, paused: true }),
    timezone,
    job,
    missed: options.missed ?? 'skip',
  };
}

/** A slot this late is a missed tick, not one on time (the scheduler wakes at each slot, and polls each minute). */
export const ON_TIME_MS = 90_000;
const CHECK_EVERY_MS = 60_000;

export type TickOutcome = 'ran' | 'skipped';

export interface SchedulerOptions {
  db: Database;
  schedules: readonly ScheduleDefinition[];
  log: FastifyBaseLogger;
  onTick?: (schedule: string, outcome: TickOutcome) => void;
}

export interface Scheduler {
  start(): void;
  /** Takes each schedule's latest slot at `now` if no instance has; resolves with the slots this one took. */
  check(now?: Date): Promise<{ schedule: string; slot: Date; outcome: TickOutcome }[]>;
  stop(): Promise<void>;
}

/** The latest slot at or before `now`. */
function latestSlot(schedule: ScheduleDefinition, now: Date): Date | undefined {
  return schedule.cron.previousRuns(1, new Date(now.getTime() + 1))[0] ?? undefined;
}

export function createScheduler({ db, schedules, log, onTick }: SchedulerOptions): Scheduler {
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let checking: Promise<unknown> = Promise.resolve();

  async function takeSlot(schedule: ScheduleDefinition, now: Date) {
    const slot = latestSlot(schedule, now);
    if (!slot) return undefined;
    // A schedule seen for the first time starts just before its latest slot, which the
    // missed-tick policy then judges like any other.
    await db.scheduleState
      .upsert({
        where: { name: schedule.name },
        update: {},
        create: { name: schedule.name, lastSlot: new Date(slot.getTime() - 1) },
      })
      .catch((error: unknown) => {
        // Another instance created it at the same moment (a unique violation): it exists.
        if ((error as { code?: string }).code !== 'P2002') throw error;
      });
    const onTime = now.getTime() - slot.getTime() <= ON_TIME_MS;
    const outcome: TickOutcome = onTime || schedule.missed === 'run-once' ? 'ran' : 'skipped';
    return inTransaction(db, async () => {
      const { count } = await currentClient(db).scheduleState.updateMany({
        where: { name: schedule.name, lastSlot: { lt: slot } },
        data: { lastSlot: slot },
      });
      if (count === 0) return undefined;
      if (outcome === 'ran') {
        await enqueue(db, schedule.job, {}, { dedupeKey: `${schedule.name}@${slot.toISOString()}` });
      }
      return { schedule: schedule.name, slot, outcome };
    });
  }

  async function check(now = new Date()) {
    const taken = [];
    for (const schedule of schedules) {
      try {
        const result = await takeSlot(schedule, now);
        if (!result) continue;
        taken.push(result);
        onTick?.(result.schedule, result.outcome);
        if (result.outcome === 'skipped') log.warn(result, 'a schedule missed its tick while no instance ran: skipped');
        else log.info(result, 'schedule ticked');
      } catch (error) {
        log.error({ err: error, schedule: schedule.name }, 'schedule check failed');
      }
    }
    return taken;
  }

  /** Sleeps until the next slot of any schedule (a moment after it), or a minute, whichever is first. */
  function plan() {
    if (!running) return;
    const now = Date.now();
    const next = Math.min(
      now + CHECK_EVERY_MS,
      ...schedules.map((schedule) => schedule.cron.nextRun(new Date(now))?.getTime() ?? Infinity),
    );
    timer = setTimeout(
      () => {
        checking = check().finally(plan);
      },
      Math.max(10, next - now + 50),
    );
  }

  return {
    start() {
      if (running || schedules.length === 0) return;
      running = true;
      checking = check().finally(plan);
    },
    check,
    async stop() {
      running = false;
      clearTimeout(timer);
      await checking;
    },
  };
}
