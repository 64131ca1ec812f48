import { describe, expect, it } from 'vitest';
import { appErrorCodes } from '../../shared/errors.ts';
import { isServerFault } from './server-fault.ts';

describe('isServerFault', () => {
  it('is exactly the server-side failures: a reference is worth quoting for these only', () => {
    expect(appErrorCodes.filter(isServerFault).sort()).toEqual(['INTERNAL', 'STORAGE_FULL', 'UNAVAILABLE']);
  });

  it('treats routine answers as routine', () => {
    for (const code of [
      'VALIDATION_FAILED',
      'INVALID_CREDENTIALS',
      'FORBIDDEN',
      'RATE_LIMITED',
      'NOT_IMPLEMENTED',
    ] as const)
      expect(isServerFault(code)).toBe(false);
  });
});
