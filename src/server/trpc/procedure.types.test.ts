import type { inferProcedureInput, inferProcedureOutput } from '@trpc/server';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import type { Viewer } from '../features/auth/viewer.ts';
import { publicProcedure } from './init.ts';
import { defineMutation, defineQuery, router } from './procedure.ts';

/**
 * What a handler may see, pinned at the type level: tsc checks these (npm run
 * typecheck), vitest only runs the file. The old `implementQuery(contract, handler)`
 * typed every handler's `ctx` as the inner context, so the first test failed there.
 */

const input = z.object({ name: z.string().max(20).default('x'), when: z.date() });
const output = z.object({ count: z.number().transform(String) });
const common = { summary: 'A test procedure.', output, errors: [] } as const;

const declared = router({
  signedIn: defineQuery({
    ...common,
    access: 'signed-in',
    handler: ({ ctx }) => {
      expectTypeOf(ctx.viewer).toEqualTypeOf<Viewer>();
      return { count: 1 };
    },
  }),
  permitted: defineMutation({
    ...common,
    access: { permission: 'update:users:any' },
    input,
    handler: ({ ctx, input: parsed }) => {
      expectTypeOf(ctx.viewer).toEqualTypeOf<Viewer>();
      expectTypeOf(parsed).toEqualTypeOf<{ name: string; when: Date }>();
      return { count: 1 };
    },
  }),
  personOnly: defineQuery({
    ...common,
    access: { permission: 'manage:api-keys:any', via: 'session' },
    handler: ({ ctx }) => {
      expectTypeOf(ctx.viewer).toEqualTypeOf<Viewer>();
      return { count: 1 };
    },
  }),
  open: defineQuery({
    ...common,
    access: 'public',
    handler: ({ ctx, input: nothing }) => {
      expectTypeOf(ctx).not.toHaveProperty('viewer');
      expectTypeOf(nothing).toEqualTypeOf<undefined>();
      // @ts-expect-error a public procedure has no viewer: whoever calls may be nobody
      const _viewer: unknown = ctx.viewer;
      return { count: 1 };
    },
  }),
  switched: defineQuery({
    ...common,
    access: { permission: 'read:mailbox:any', switch: 'MAILBOX' },
    handler: ({ ctx }) => {
      expectTypeOf(ctx).not.toHaveProperty('viewer');
      // @ts-expect-error the switch may open the procedure to anyone
      const _viewer: unknown = ctx.viewer;
      return { count: 1 };
    },
  }),
  wrongAnswer: defineQuery({
    ...common,
    access: 'public',
    // @ts-expect-error the handler must answer what the output schema takes
    handler: () => ({ count: 'one' }),
  }),
});

// The same procedure written with tRPC's builder: the types the client infers must not change.
const byHand = publicProcedure
  .input(input)
  .output(output)
  .mutation(() => ({ count: 1 }));

describe('defineQuery / defineMutation types', () => {
  it('give the client exactly what tRPC’s builder would', () => {
    type Permitted = (typeof declared)['_def']['record']['permitted'];
    expectTypeOf<inferProcedureInput<Permitted>>().toEqualTypeOf<inferProcedureInput<typeof byHand>>();
    expectTypeOf<inferProcedureOutput<Permitted>>().toEqualTypeOf<inferProcedureOutput<typeof byHand>>();
    expectTypeOf<inferProcedureOutput<Permitted>>().toEqualTypeOf<{ count: string }>();
    type Open = (typeof declared)['_def']['record']['open'];
    expectTypeOf<inferProcedureInput<Open>>().toBeVoid();
    expect(Object.keys(declared._def.procedures)).toHaveLength(6);
    expect(byHand._def.type).toBe('mutation');
  });
});
