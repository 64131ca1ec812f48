import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { AppMetrics } from './app-metrics.ts';

/** Request and procedure latencies, from sub-millisecond cache hits to slow password hashing. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The app's Prometheus metrics, on a registry of its own (not prom-client's
 * global one), so every app instance, including each test's, counts only itself.
 */
export function createAppMetrics(): AppMetrics & { registry: Registry } {
  const registry = new Registry();
  // Process metrics: CPU, memory, handles, GC, and event-loop lag (nodejs_eventloop_lag_*).
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    httpDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP requests by method, route and status code',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    procedureDuration: new Histogram({
      name: 'trpc_procedure_duration_seconds',
      help: 'tRPC procedure calls (each call of a batch) by procedure, type and outcome (ok or a catalogue code)',
      labelNames: ['procedure', 'type', 'outcome'] as const,
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    errors: new Counter({
      name: 'app_errors_total',
      help: 'Errors answered, by catalogue code: each failed tRPC call (of a batch too) and each HTTP error answer',
      labelNames: ['code'] as const,
      registers,
    }),
    rateLimited: new Counter({
      name: 'rate_limit_hits_total',
      help: 'Requests or calls refused by a rate limit, by scope (global or a procedure)',
      labelNames: ['scope'] as const,
      registers,
    }),
    dbConnectionWait: new Histogram({
      name: 'db_connection_wait_seconds',
      help: 'How long queries and transactions waited for the database connection (SQLite has one; its pool)',
      buckets: [0.0001, 0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5],
      registers,
    }),
    emailAttempts: new Counter({
      name: 'email_delivery_attempts_total',
      help: 'E-mail delivery attempts by outcome: sent, retry (will be tried again) or failed (for good)',
      labelNames: ['outcome'] as const,
      registers,
    }),
    jobAttempts: new Counter({
      name: 'job_attempts_total',
      help: 'Job attempts by job and outcome: succeeded, retry (will run again), failed (for good) or released (at shutdown)',
      labelNames: ['job', 'outcome'] as const,
      registers,
    }),
    jobDuration: new Histogram({
      name: 'job_duration_seconds',
      help: 'How long job attempts ran, by job and outcome',
      labelNames: ['job', 'outcome'] as const,
      buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300],
      registers,
    }),
    jobWait: new Histogram({
      name: 'job_wait_seconds',
      help: 'How long jobs waited past their time before a worker started them, by job',
      labelNames: ['job'] as const,
      buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300, 1800],
      registers,
    }),
    scheduleTicks: new Counter({
      name: 'schedule_ticks_total',
      help: 'Schedule slots this instance took, by schedule and outcome: ran, or skipped (missed while no instance ran)',
      labelNames: ['schedule', 'outcome'] as const,
      registers,
    }),
    onScrape(name, help, labelNames, read) {
      return new Gauge({
        name,
        help,
        labelNames,
        registers,
        async collect() {
          await read(this);
        },
      });
    },
  };
}
