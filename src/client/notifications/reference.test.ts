import { describe, expect, it } from 'vitest';
import { referenceFor } from './reference.ts';

describe('referenceFor', () => {
  it('gives the request id of an unexpected failure', () => {
    expect(referenceFor({ code: 'INTERNAL', requestId: 'req-1' })).toBe('req-1');
    expect(referenceFor({ code: 'UNAVAILABLE', requestId: 'req-2' })).toBe('req-2');
  });

  it('gives none for routine errors, a placeholder, or a call that never reached the server', () => {
    expect(referenceFor({ code: 'CONFLICT', requestId: 'req-1' })).toBeUndefined();
    expect(referenceFor({ code: 'VALIDATION_FAILED', requestId: 'req-1' })).toBeUndefined();
    expect(referenceFor({ code: 'NOT_IMPLEMENTED', requestId: 'req-1' })).toBeUndefined();
    expect(referenceFor({ code: 'UNAVAILABLE', requestId: null })).toBeUndefined();
  });
});
