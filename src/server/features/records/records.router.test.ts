import { describe, expect, it } from 'vitest';
import { AppError } from '../../../shared/errors.ts';
import { appRouter } from '../../router.ts';
import { listProcedures } from '../../trpc/procedure-list.ts';
import { buildTestApp, createTestCaller } from '../../test/test-app.ts';

interface ErrorBody {
  error: {
    json: {
      message: string;
      data: {
        appCode: string;
        httpStatus: number;
        requestId: string;
        fieldErrors: Record<string, string[]> | null;
        details: unknown;
      };
    };
  };
}

describe('records: the placeholder domain router', () => {
  it('validates input first, as the real operation will', async () => {
    const { caller } = await createTestCaller();
    const failure = await caller.records.create({ name: '   ' }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'BAD_REQUEST' });
  });

  it.each([
    [
      'records.create',
      (caller: Awaited<ReturnType<typeof createTestCaller>>['caller']) => caller.records.create({ name: 'A name' }),
    ],
    [
      'records.get',
      (caller: Awaited<ReturnType<typeof createTestCaller>>['caller']) => caller.records.get({ id: 'r1' }),
    ],
    ['records.list', (caller: Awaited<ReturnType<typeof createTestCaller>>['caller']) => caller.records.list({})],
  ])('%s answers NOT_IMPLEMENTED naming the operation, and never pretends to work', async (name, call) => {
    const { caller } = await createTestCaller();
    const failure = await call(caller).catch((error: unknown) => error);
    const cause = (failure as { cause?: unknown }).cause;
    expect(cause).toBeInstanceOf(AppError);
    expect(cause).toMatchObject({ code: 'NOT_IMPLEMENTED', details: { operation: name } });
  });

  it('declares every procedure of the router as a placeholder: a declaration without a handler', () => {
    const records = listProcedures(appRouter).filter(({ path }) => path.startsWith('records.'));
    expect(records.map(({ path }) => path)).toEqual(['records.create', 'records.get', 'records.list']);
    for (const { meta } of records) expect(meta).toMatchObject({ access: 'public', placeholder: true });
  });
});

describe('the error shape over HTTP', () => {
  it('a placeholder: 501 NOT_IMPLEMENTED with the catalogue code, the operation and the request id', async () => {
    const app = await buildTestApp();
    const response = await app.inject({
      method: 'POST',
      url: '/trpc/records.create',
      headers: { 'content-type': 'application/json' },
      payload: { json: { name: 'A name' } },
    });
    expect(response.statusCode).toBe(501);
    const { message, data } = response.json<ErrorBody>().error.json;
    expect(data).toMatchObject({
      appCode: 'NOT_IMPLEMENTED',
      httpStatus: 501,
      details: { operation: 'records.create' },
    });
    expect(data.requestId).toBe(response.headers['x-request-id']);
    expect(message).toContain('records.create');
  });

  it('a validation failure: 400 VALIDATION_FAILED with field errors by field', async () => {
    const app = await buildTestApp();
    const response = await app.inject({
      method: 'POST',
      url: '/trpc/records.create',
      headers: { 'content-type': 'application/json' },
      payload: { json: { name: 'x'.repeat(500) } },
    });
    expect(response.statusCode).toBe(400);
    const { data } = response.json<ErrorBody>().error.json;
    expect(data.appCode).toBe('VALIDATION_FAILED');
    expect(Object.keys(data.fieldErrors ?? {})).toEqual(['name']);
    expect(data.requestId).toBe(response.headers['x-request-id']);
  });

  it('an unknown procedure: 404 NOT_FOUND in the same shape', async () => {
    const app = await buildTestApp();
    const response = await app.inject('/trpc/records.nope');
    expect(response.statusCode).toBe(404);
    const { data } = response.json<ErrorBody>().error.json;
    expect(data).toMatchObject({ appCode: 'NOT_FOUND', fieldErrors: null });
    expect(data.requestId).toBe(response.headers['x-request-id']);
  });
});
