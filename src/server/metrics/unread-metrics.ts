import type { AppMetrics } from './app-metrics.ts';

const ignore = () => undefined;

/**
 * The metrics of an app that serves none (neither METRICS_TOKEN nor METRICS_PORT):
 * nothing is recorded, prom-client is never loaded, and no request pays for a
 * histogram no one reads (docs/decisions/0017-performance.md). Setting either
 * variable and restarting brings every metric back, counted from that start.
 */
export function unreadMetrics(): AppMetrics {
  return {
    httpDuration: { observe: ignore },
    procedureDuration: { observe: ignore },
    errors: { inc: ignore },
    rateLimited: { inc: ignore },
    dbConnectionWait: { observe: ignore },
    emailAttempts: { inc: ignore },
    jobAttempts: { inc: ignore },
    jobDuration: { observe: ignore },
    jobWait: { observe: ignore },
    scheduleTicks: { inc: ignore },
    onScrape: ignore,
  };
}
