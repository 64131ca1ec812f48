import { describe, expect, it } from 'vitest';
import { auditOutcome } from './audit-outcome.ts';

describe('auditOutcome', () => {
  it('says a call that went through succeeded', () => {
    expect(auditOutcome('ok')).toEqual({ ok: true });
  });

  it('turns a catalogue code into a short reason, the code and its message kept as the explanation', () => {
    expect(auditOutcome('NOT_FOUND')).toEqual({
      ok: false,
      reason: 'Not found',
      explanation: 'NOT_FOUND: That could not be found.',
    });
    expect(auditOutcome('INTERNAL')).toMatchObject({ reason: 'Server error' });
    expect(auditOutcome('FORBIDDEN')).toMatchObject({ reason: 'Not allowed' });
  });

  it('says what becomes of a job whose attempt failed without a catalogue code', () => {
    expect(auditOutcome('will-retry')).toMatchObject({ ok: false, reason: 'Will retry' });
    expect(auditOutcome('failed')).toMatchObject({ ok: false, reason: 'Job failed' });
    expect(auditOutcome('released')).toMatchObject({ ok: false, reason: 'Released' });
  });

  it('still reads a code the catalogue does not know', () => {
    expect(auditOutcome('SOMETHING_NEW')).toEqual({ ok: false, reason: 'Something new', explanation: 'SOMETHING_NEW' });
  });
});
