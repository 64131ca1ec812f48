import { describe, expect, it } from 'vitest';
import { appErrorCodes, errorCodes } from './error-codes.ts';
import { errorCatalogue } from './errors.ts';

describe('the error catalogue, split for the client', () => {
  it('describes every code, and the whole catalogue is the codes with their descriptions', () => {
    expect(Object.keys(errorCatalogue)).toEqual(appErrorCodes);
    for (const code of appErrorCodes) {
      const { description, ...definition } = errorCatalogue[code];
      expect(definition, code).toEqual(errorCodes[code]);
      expect(description.length, `${code} has a description`).toBeGreaterThan(10);
    }
  });
});
