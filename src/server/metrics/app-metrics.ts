import type { Gauge, Registry } from 'prom-client';
import type { Config } from '../config.ts';

type Labels<Name extends string> = Partial<Record<Name, string>>;
interface Timing<Name extends string> {
  observe(labels: Labels<Name>, seconds: number): void;
}
interface Count<Name extends string> {
  inc(labels: Labels<Name>): void;
}

/** What the app records. Served metrics write to prom-client; unread ones (unread-metrics.ts) do nothing. */
export interface AppMetrics {
  /** The registry `/metrics` reads; absent when no one can read it. */
  registry?: Registry;
  httpDuration: Timing<'method' | 'route' | 'status_code'>;
  procedureDuration: Timing<'procedure' | 'type' | 'outcome'>;
  errors: Count<'code'>;
  rateLimited: Count<'scope'>;
  dbConnectionWait: { observe(seconds: number): void };
  emailAttempts: Count<'outcome'>;
  /** Job attempts by outcome: succeeded, retry, failed (for good) or released (at shutdown). */
  jobAttempts: Count<'job' | 'outcome'>;
  /** How long each attempt ran. */
  jobDuration: Timing<'job' | 'outcome'>;
  /** How long a job waited past its time before a worker started it (the queue's latency). */
  jobWait: Timing<'job'>;
  /** Schedule slots taken by this instance: ran, or skipped (missed during downtime). */
  scheduleTicks: Count<'schedule' | 'outcome'>;
  /** Reads a gauge's value at scrape time; set by the part of the app that knows it. */
  onScrape(
    name: string,
    help: string,
    labelNames: readonly string[],
    read: (gauge: Gauge) => Promise<void> | void,
  ): void;
}

/** Whether anyone can read the metrics: a token for `/metrics` on the app's port, or a port of their own. */
export function metricsServed(config: Pick<Config, 'METRICS_TOKEN' | 'METRICS_PORT'>): boolean {
  return config.METRICS_TOKEN !== undefined || config.METRICS_PORT !== undefined;
}
