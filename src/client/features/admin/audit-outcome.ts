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

/** A job attempt that failed without a catalogue code says what becomes of the job (audit-trail.ts). */
const jobFates: Partial<Record<string, { reason: string; explanation: string }>> = {
  'will-retry': { reason: 'Will retry', explanation: 'The attempt failed; the job runs again after its backoff.' },
  failed: { reason: 'Job failed', explanation: 'The last attempt failed; retry it from Jobs.' },
  released: { reason: 'Released', explanation: 'Stopped by a shutdown; the job runs again.' },
};

/**
 * An audit row's outcome in words: `ok` succeeded; anything else is the catalogue code
 * the call answered, said as a short reason ("NOT_FOUND" → "Not found") with the
 * catalogue's message as the explanation. A code the catalogue does not know (an older
 * build's) still reads as words.
 */
export function auditOutcome(outcome: string): { ok: true } | { ok: false; reason: string; explanation: string } {
  if (outcome === 'ok') return { ok: true };
  const fate = jobFates[outcome];
  if (fate) return { ok: false, ...fate };
  const words = outcome.toLowerCase().replaceAll('_', ' ');
  const reason = reasons[outcome] ?? `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
  const explanation = isAppErrorCode(outcome) ? `${outcome}: ${errorCodes[outcome].message}` : outcome;
  return { ok: false, reason, explanation };
}
