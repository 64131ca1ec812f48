import type { Config } from '../config.ts';
import type { IdempotencySettings } from './idempotent-call.ts';

const HOUR_MS = 60 * 60 * 1000;

/**
 * The settings from the configuration. A claim's lease outlasts any request that could
 * still be answering (twice REQUEST_TIMEOUT_MS) and any repeat's wait.
 */
export function idempotencySettings(config: Config): IdempotencySettings {
  return {
    ttlMs: config.IDEMPOTENCY_KEY_TTL_HOURS * HOUR_MS,
    waitMs: config.IDEMPOTENCY_WAIT_MS,
    leaseMs: Math.max(2 * config.REQUEST_TIMEOUT_MS, config.IDEMPOTENCY_WAIT_MS),
  };
}
