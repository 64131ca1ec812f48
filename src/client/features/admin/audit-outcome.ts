import type { Status } from '../../components/status-badge.tsx';
import { errorCodes, isAppErrorCode } from '../../../shared/error-codes.ts';

/** Codes whose words, taken as they are, would mislead or read as jargon. */
const reasons: Partial<Record<string, string>> = {
  INTERNAL: 'Server error',
  FORBIDDEN: 'Not allowed',
  UNAUTHENTICATED: 'Signed out',
  VALIDATION_FAILED: 'Invalid input',
  EMAIL_NOT_VERIFIED: 'E-mail not confirmed',
  INVALID_CREDENTIALS: 'Bad credentials',
  RATE_LIMITED: 'Too many attempts',
  UNAVAILABLE: 'Service unavailable',
};

/**
 * A job attempt that failed without a catalogue code says what becomes of the job
 * (audit-trail.ts), in its own badge: a retry to come is not yet a failure.
 */
const jobFates: Partial<Record<string, AuditOutcome>> = {
  'will-retry': { status: 'retrying', explanation: 'The attempt failed; the job runs again after its backoff.' },
  failed: { status: 'failed', explanation: 'The last attempt failed; retry it from Jobs.' },
  released: { status: 'released', explanation: 'Stopped by a shutdown; the job runs again.' },
};

/** How an audit row's outcome shows: a badge, why (after the badge's word), the hover text, the raw code. */
export interface AuditOutcome {
  status: Extract<Status, 'succeeded' | 'failed' | 'retrying' | 'released'>;
  detail?: string;
  explanation?: string;
  code?: string;
}

/**
 * An audit row's outcome in words: `ok` succeeded; a job's fate as its own state; anything
 * else is the catalogue code the call answered, said as a short reason ("NOT_FOUND" →
 * "Not found") with the catalogue's message as the explanation and the code kept beside
 * it. A code the catalogue does not know (an older build's) still reads as words.
 */
export function auditOutcome(outcome: string): AuditOutcome {
  if (outcome === 'ok') return { status: 'succeeded' };
  const fate = jobFates[outcome];
  if (fate) return fate;
  const words = outcome.toLowerCase().replaceAll('_', ' ');
  const detail = reasons[outcome] ?? `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
  const explanation = isAppErrorCode(outcome) ? `${outcome}: ${errorCodes[outcome].message}` : outcome;
  return { status: 'failed', detail, explanation, code: outcome };
}
