import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import type { ClientError } from '../../errors/to-client-error.ts';
import { applyServerErrors } from './apply-server-errors.ts';

const schema = z.object({ name: z.string().max(10), address: z.object({ city: z.string().max(10) }) });

function formStub() {
  const calls: unknown[][] = [];
  return {
    calls,
    form: {
      schema,
      setError: (...args: unknown[]) => {
        calls.push(args);
      },
    },
  };
}

function clientError(overrides: Partial<ClientError>): ClientError {
  return {
    code: 'VALIDATION_FAILED',
    message: 'Some fields need attention.',
    requestId: 'req-1',
    fieldErrors: {},
    details: null,
    ...overrides,
  };
}

describe('applyServerErrors', () => {
  it('puts each field error beside its field, focuses the first, and leaves nothing for the form', () => {
    const { form, calls } = formStub();
    const error = clientError({ fieldErrors: { name: ['Too long', 'Taken'], 'address.city': ['Unknown city'] } });

    expect(applyServerErrors(form, error)).toBeNull();
    expect(calls).toEqual([
      ['name', { type: 'server', message: 'Too long Taken' }, { shouldFocus: true }],
      ['address.city', { type: 'server', message: 'Unknown city' }, { shouldFocus: false }],
    ]);
  });

  it('leaves root errors and fields the form lacks for the form-level notice', () => {
    const { form, calls } = formStub();
    const error = clientError({ fieldErrors: { name: ['Too long'], '': ['Unrecognized key'], legacy: ['Gone'] } });

    expect(applyServerErrors(form, error)).toEqual({
      ...error,
      fieldErrors: { '': ['Unrecognized key'], legacy: ['Gone'] },
    });
    expect(calls).toHaveLength(1);
  });

  it('leaves an error without field errors whole, e.g. NOT_IMPLEMENTED', () => {
    const { form, calls } = formStub();
    const error = clientError({ code: 'NOT_IMPLEMENTED', message: '"records.create" is not available yet.' });

    expect(applyServerErrors(form, error)).toEqual(error);
    expect(calls).toEqual([]);
  });
});
