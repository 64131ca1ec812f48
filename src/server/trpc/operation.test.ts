import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../../shared/errors.ts';
import { toAppError } from '../errors/to-app-error.ts';
import { createTestServices } from '../test/test-app.ts';
import { createInnerContext } from './context.ts';
import { createCallerFactory, router } from './init.ts';
import { defineOperation, implementMutation, placeholderMutation } from './operation.ts';
import { listProcedures } from './procedure-list.ts';

// Filling in a placeholder is swapping one line; this is that swap, on a contract of the test's own.
const rename = defineOperation({
  name: 'things.rename',
  summary: 'Renames a thing.',
  input: z.object({ name: z.string().trim().min(1).max(20) }),
  output: z.object({ name: z.string().max(20) }),
  errors: [],
  access: 'public',
});

async function testContext() {
  return createInnerContext(await createTestServices(), 'test', pino({ level: 'silent' }));
}

describe('operation contracts', () => {
  it('a placeholder answers NOT_IMPLEMENTED; the implemented contract runs its handler on parsed input', async () => {
    const context = await testContext();
    const before = router({ rename: placeholderMutation(rename) });
    const failure = await createCallerFactory(before)(context)
      .rename({ name: 'x' })
      .catch((error: unknown) => toAppError(error));
    expect(failure).toMatchObject({ code: 'NOT_IMPLEMENTED' });

    const after = router({
      rename: implementMutation(rename, async ({ input }) => ({ name: input.name.toUpperCase() })),
    });
    expect(await createCallerFactory(after)(context).rename({ name: '  tidy  ' })).toEqual({ name: 'TIDY' });
    expect(listProcedures(after)[0]?.meta.operation).toMatchObject({ name: 'things.rename', placeholder: false });
  });

  it('an answer that breaks the output contract is an internal error, never sent as data', async () => {
    const context = await testContext();
    const broken = router({ rename: implementMutation(rename, async () => ({ name: 'x'.repeat(50) })) });
    const failure = await createCallerFactory(broken)(context)
      .rename({ name: 'ok' })
      .catch((error: unknown) => toAppError(error));
    expect(failure).toBeInstanceOf(AppError);
    expect((failure as AppError).code).toBe('INTERNAL');
  });
});
