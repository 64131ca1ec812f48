import { describe, expect, it } from 'vitest';
import { statusLabel } from '../../components/status-badge.tsx';
import { auditOutcome } from './audit-outcome.ts';

describe('auditOutcome', () => {
  it('says a call that went through succeeded', () => {
    expect(auditOutcome('ok')).toEqual({ status: 'succeeded' });
  });

  it('turns a catalogue code into a short reason, the code and its message kept as the explanation', () => {
    expect(auditOutcome('NOT_FOUND')).toEqual({
      status: 'failed',
      detail: 'Not found',
      explanation: 'NOT_FOUND: That could not be found.',
      code: 'NOT_FOUND',
    });
    expect(auditOutcome('INTERNAL')).toMatchObject({ status: 'failed', detail: 'Server error' });
    expect(auditOutcome('FORBIDDEN')).toMatchObject({ status: 'failed', detail: 'Not allowed' });
  });

  it('says what becomes of a job whose attempt failed without a catalogue code, once, as its own state', () => {
    expect(auditOutcome('will-retry')).toEqual({ status: 'retrying', explanation: expect.any(String) as string });
    expect(statusLabel('retrying')).toBe('Will retry');
    expect(auditOutcome('failed')).toEqual({ status: 'failed', explanation: expect.any(String) as string });
    expect(auditOutcome('released')).toEqual({ status: 'released', explanation: expect.any(String) as string });
    expect(statusLabel('released')).toBe('Released');
  });

  it('still reads a code the catalogue does not know', () => {
    expect(auditOutcome('SOMETHING_NEW')).toEqual({
      status: 'failed',
      detail: 'Something new',
      explanation: 'SOMETHING_NEW',
      code: 'SOMETHING_NEW',
    });
  });
});
