import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../../shared/errors.ts';
import { toAppError } from '../errors/to-app-error.ts';
import type { Viewer } from '../features/auth/viewer.ts';
import { createTestServices } from '../test/test-app.ts';
import { createInnerContext, type AppServices, type InnerContext } from './context.ts';
import { createCallerFactory } from './init.ts';
import { defineMutation, defineQuery, router, type ProcedureDeclaration } from './procedure.ts';
import { listProcedures } from './procedure-list.ts';

// A declaration of the test's own; filling in its placeholder is adding `handler`.
const rename = {
  summary: 'Renames a thing.',
  access: 'public',
  input: z.object({ name: z.string().trim().min(1).max(20) }),
  output: z.object({ name: z.string().max(20) }),
  errors: ['CONFLICT'],
} as const satisfies ProcedureDeclaration<'public', z.ZodType, z.ZodType>;

const member: Viewer = {
  userId: 'u1',
  email: 'member@example.com',
  name: 'Member',
  role: 'member',
  via: 'session',
  sessionId: 's1',
  scope: null,
  apiKey: null,
};

let services: AppServices;
const observed: string[] = [];

beforeAll(async () => {
  const base = await createTestServices();
  const procedureDuration = {
    observe: (labels: { procedure?: string; outcome?: string }) =>
      void observed.push(`${labels.procedure} ${labels.outcome}`),
  };
  services = { ...base, metrics: { ...base.metrics, procedureDuration } };
});

function context(viewer?: Viewer): InnerContext {
  const inner = createInnerContext(services, 'test', pino({ level: 'silent' }));
  return viewer ? { ...inner, credentials: async () => ({ kind: 'valid', viewer }) } : inner;
}

const failureOf = (call: Promise<unknown>) =>
  call.then(
    () => undefined,
    (error: unknown) => toAppError(error),
  );

describe('defineQuery / defineMutation', () => {
  it('without a handler: a placeholder that validates, then answers NOT_IMPLEMENTED naming its path', async () => {
    const things = router({ things: router({ rename: defineMutation(rename) }) });
    const caller = createCallerFactory(things)(context());
    expect(await failureOf(caller.things.rename({ name: ' ' }))).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(await failureOf(caller.things.rename({ name: 'x' }))).toMatchObject({
      code: 'NOT_IMPLEMENTED',
      details: { operation: 'things.rename' },
    });
    expect(listProcedures(things)).toEqual([
      {
        path: 'things.rename',
        type: 'mutation',
        meta: { access: 'public', summary: 'Renames a thing.', errors: ['CONFLICT'], placeholder: true },
      },
    ]);
  });

  it('with a handler: runs it on the parsed input, and records the call’s metric', async () => {
    const things = router({
      rename: defineMutation({ ...rename, handler: ({ input }) => ({ name: input.name.toUpperCase() }) }),
    });
    expect(await createCallerFactory(things)(context()).rename({ name: '  tidy  ' })).toEqual({ name: 'TIDY' });
    expect(listProcedures(things)[0]?.meta.placeholder).toBe(false);
    expect(observed).toContain('rename ok');
  });

  it('an answer that breaks the output schema is an internal error, never sent as data', async () => {
    const broken = router({ rename: defineMutation({ ...rename, handler: () => ({ name: 'x'.repeat(50) }) }) });
    const failure = await failureOf(createCallerFactory(broken)(context()).rename({ name: 'ok' }));
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ code: 'INTERNAL' });
  });

  it('hands the handler the viewer its access rule found, and refuses callers the rule refuses', async () => {
    const seen: string[] = [];
    const whoIsCalling = { summary: 'Who is calling.', output: z.string().max(20), errors: [] } as const;
    const guarded = router({
      anyone: defineQuery({
        ...whoIsCalling,
        access: 'signed-in',
        handler: ({ ctx }) => {
          seen.push(ctx.viewer.userId);
          return ctx.viewer.userId;
        },
      }),
      admins: defineQuery({
        ...whoIsCalling,
        access: { permission: 'read:users:any' },
        handler: ({ ctx }) => {
          seen.push(ctx.viewer.userId);
          return ctx.viewer.userId;
        },
      }),
    });
    const asMember = createCallerFactory(guarded)(context(member));
    expect(await asMember.anyone()).toBe('u1');
    expect(await failureOf(asMember.admins())).toMatchObject({ code: 'FORBIDDEN' });
    expect(await failureOf(createCallerFactory(guarded)(context()).anyone())).toMatchObject({
      code: 'UNAUTHENTICATED',
    });
    expect(seen).toEqual(['u1']);
  });
});
