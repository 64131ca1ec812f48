import {
  tracked,
  type TRPCMutationProcedure,
  type TRPCQueryProcedure,
  type TRPCSubscriptionProcedure,
} from '@trpc/server';
import type { z } from 'zod';
import { AppError, type AppErrorCode } from '../../shared/errors.ts';
import { actorOf } from '../audit/actor.ts';
import { runAudited, type AuditTarget } from '../audit/audit-trail.ts';
import type { Viewer } from '../features/auth/viewer.ts';
import { idempotent } from '../idempotency/idempotent-call.ts';
import { idempotencySettings } from '../idempotency/idempotency-settings.ts';
import type { Context } from './context.ts';
import { procedureFor } from './init.ts';
import type { AccessRule, AccessSwitch, ProcedureMeta } from './procedure-meta.ts';

export { router } from './init.ts';

/**
 * [7] The one way to write a procedure: a declaration of its access rule, input,
 * output and the catalogue errors it may raise, with a handler, or without one while
 * it is a placeholder. Routers are plain `router({ … })` tables of these; a
 * spec-to-code generator can emit them (docs/decisions/0022-one-way-to-write-a-procedure.md).
 *
 * ```ts
 * setRole: defineMutation({
 *   summary: 'Changes a person’s role.',
 *   access: { permission: 'update:users:any' },
 *   input: setRoleInputSchema,
 *   output: adminUserSchema,
 *   errors: ['NOT_FOUND', 'CONFLICT'],
 *   handler: ({ ctx, input }) => service.setRole(ctx, ctx.viewer, input.userId, input.role),
 * }),
 * ```
 */
export interface ProcedureDeclaration<
  Access extends AccessRule,
  Input extends z.ZodType | undefined,
  Output extends z.ZodType,
> {
  /** One sentence for the generated docs: what the call does. */
  summary: string;
  access: Access;
  /** Omitted for a call that takes nothing. */
  input?: Input;
  /** Required: checks every answer at run time (`z.void()` for none). */
  output: Output;
  /** The catalogue errors it may raise beyond the implicit ones (`implicitErrors` in procedure-meta.ts). */
  errors: readonly AppErrorCode[];
  /** Omitted for a placeholder: it validates its input, then answers NOT_IMPLEMENTED. */
  handler?: Handler<Access, Input, Output>;
  /** A mutation's audit row: what it changes, and which input fields are personal. */
  audit?: AuditDeclaration<InputOf<Input>, z.output<Output>>;
}

/**
 * What a mutation's audit row records beyond the caller, path, outcome and request
 * (docs/decisions/0038-audit-trail-and-idempotency.md). Every mutation is audited
 * whether it declares this or not.
 */
export interface AuditDeclaration<Input, Output> {
  /**
   * What the call changes: the entity's name and the record's id, from the input or,
   * once it succeeded, the answer (`output` is undefined after a failure).
   */
  target?: {
    entity: string;
    // A method, so a declaration's narrower `input` is accepted (see ErasedDeclaration).
    id(call: { input: Input; output: Output | undefined }): string | null | undefined;
  };
  /** Input fields holding personal data, replaced at any depth; secrets always are (audit/redaction.ts). */
  redact?: readonly string[];
  /** Input fields left out of the row at any depth: bait no person fills, such as a honeypot (audit/redaction.ts). */
  drop?: readonly string[];
}

/**
 * The context a handler sees: the one its access rule produced. Behind 'signed-in'
 * or a permission, `ctx.viewer` is the caller the check found; a public or switched
 * procedure (which the configuration may open to anyone) has no viewer.
 */
export type ContextFor<Access extends AccessRule> = Access extends 'public'
  ? Context
  : Access extends { switch: AccessSwitch }
    ? Context
    : Context & { viewer: Viewer };

type InputOf<Input> = Input extends z.ZodType ? z.output<Input> : undefined;

export type Handler<
  Access extends AccessRule,
  Input extends z.ZodType | undefined,
  Output extends z.ZodType,
> = (options: { ctx: ContextFor<Access>; input: InputOf<Input> }) => z.input<Output> | Promise<z.input<Output>>;

/** The types tRPC would infer for the same procedure built by hand: what the client sees. */
interface Built<Input extends z.ZodType | undefined, Output extends z.ZodType> {
  // tRPC's own type for "takes no input", so a caller may omit it.
  // eslint-disable-next-line @typescript-eslint/no-invalid-void-type
  input: Input extends z.ZodType ? z.input<Input> : void;
  output: z.output<Output>;
  meta: ProcedureMeta;
}

/**
 * A declaration with its types erased. `handler`'s type comes from a method
 * signature, so TypeScript compares its parameter bivariantly (React's types call
 * this the bivariance hack): that admits every `Handler<Access, …>`, whose `ctx` is
 * narrower than `Context`. It is sound because the base procedure of the same access
 * rule (init.ts) is what sets that context.
 */
interface ErasedDeclaration {
  summary: string;
  access: AccessRule;
  input?: z.ZodType | undefined;
  output: z.ZodType;
  errors: readonly AppErrorCode[];
  handler?: { bivariant(options: { ctx: Context; input: unknown }): unknown }['bivariant'] | undefined;
  audit?: AuditDeclaration<never, never> | undefined;
}

/** A placeholder's resolver: the input was valid; the behaviour is not specified yet (501). */
function notImplemented({ path }: { path: string }): never {
  throw new AppError('NOT_IMPLEMENTED', {
    message: `"${path}" is not available yet: the specification has not defined it.`,
    details: { operation: path },
  });
}

function build(type: 'query' | 'mutation', declaration: ErasedDeclaration) {
  const { access, summary, errors, input, output, handler } = declaration;
  const meta: ProcedureMeta = { access, summary, errors, placeholder: handler === undefined };
  const base = procedureFor(access).meta(meta);
  const builder = (input ? base.input(input) : base).output(output);
  if (type === 'query') {
    return builder.query(
      handler
        ? ({ ctx, input: parsed }: { ctx: Context; input: unknown }) => handler({ ctx, input: parsed })
        : notImplemented,
    );
  }
  return builder.mutation(mutationResolver(declaration));
}

interface ResolverOptions {
  ctx: Context;
  input: unknown;
  path: string;
  batchIndex?: number;
}

/**
 * A mutation's resolver: the handler (or the placeholder's answer), audited, and run
 * at most once per idempotency key when the call carries one. Queries pass neither:
 * the signed-in hot path reads, and pays for none of it.
 */
function mutationResolver(declaration: ErasedDeclaration) {
  const { handler, audit } = declaration as {
    handler: ErasedDeclaration['handler'];
    audit?: AuditDeclaration<unknown, unknown>;
  };
  return async (options: ResolverOptions): Promise<unknown> => {
    const { ctx, input, path } = options;
    const viewer = (ctx as { viewer?: Viewer }).viewer;
    const run = () =>
      runAudited(
        ctx,
        {
          actor: actorOf(viewer),
          procedure: path,
          input,
          requestId: ctx.requestId,
          ...(audit?.redact ? { redact: audit.redact } : {}),
          ...(audit?.drop ? { drop: audit.drop } : {}),
          ...(audit?.target ? { target: targetOf(audit.target, input) } : {}),
        },
        async () => (handler ? handler({ ctx, input }) : notImplemented({ path })),
      );
    const key = ctx.idempotencyKey(options.batchIndex ?? 0);
    // A key belongs to a credential; a caller without one (sign-up) has nothing to scope it to.
    if (key === null || !viewer) return run();
    const scope = viewer.apiKey ? `api-key:${viewer.apiKey.id}` : `user:${viewer.userId}`;
    return idempotent(ctx, idempotencySettings(ctx.config), { scope, key, path, input }, run);
  };
}

function targetOf(target: NonNullable<AuditDeclaration<unknown, unknown>['target']>, input: unknown) {
  return (output: unknown): AuditTarget => ({ entity: target.entity, id: target.id({ input, output }) ?? null });
}

type ProcedureOf<
  Type extends 'query' | 'mutation',
  Input extends z.ZodType | undefined,
  Output extends z.ZodType,
> = Type extends 'query' ? TRPCQueryProcedure<Built<Input, Output>> : TRPCMutationProcedure<Built<Input, Output>>;

function definer<Type extends 'query' | 'mutation'>(type: Type) {
  // `const Access` keeps `{ permission: 'x' }` literal, so `ContextFor` can tell the rules apart.
  return <const Access extends AccessRule, Output extends z.ZodType, Input extends z.ZodType | undefined = undefined>(
    declaration: ProcedureDeclaration<Access, Input, Output>,
  ): ProcedureOf<Type, Input, Output> =>
    // The one cast: tRPC cannot relate a procedure built from erased types to the
    // declaration's generics. `Built` spells out what its builder infers for the same
    // schemas (procedure.types.test.ts checks they are equal), and the input and
    // output schemas check every call at run time.
    build(type, declaration) as unknown as ProcedureOf<Type, Input, Output>;
}

/** A query (reads; may be sent by GET and cached): see `ProcedureDeclaration`. */
export const defineQuery = definer('query');

/** A mutation (changes something; sent by POST): see `ProcedureDeclaration`. */
export const defineMutation = definer('mutation');

/**
 * A subscription (server-sent events, docs/decisions/0040-live-updates.md): the same
 * declaration, whose handler yields `{ id, data }` events. Each `data` is checked against
 * `output`; the id goes out as the event's id (tRPC's `tracked()`), so a client that
 * reconnects sends the last one back as `input.lastEventId`. The access rule is checked
 * once, when the stream opens: the handler decides when a stream must end (a session
 * revoked meanwhile). Never audited, never idempotent: it changes nothing.
 */
export interface SubscriptionDeclaration<
  Access extends AccessRule,
  Input extends z.ZodType | undefined,
  Output extends z.ZodType,
> extends Omit<ProcedureDeclaration<Access, Input, Output>, 'handler' | 'audit'> {
  handler?: (options: {
    ctx: ContextFor<Access>;
    input: InputOf<Input>;
    /** Aborted when the client goes away. */
    signal: AbortSignal | undefined;
  }) => AsyncIterable<{ id: string; data: z.input<Output> }>;
}

type SubscriptionOf<Input extends z.ZodType | undefined, Output extends z.ZodType> = TRPCSubscriptionProcedure<{
  // eslint-disable-next-line @typescript-eslint/no-invalid-void-type -- tRPC's "takes no input"
  input: Input extends z.ZodType ? z.input<Input> : void;
  // What tRPC infers for a generator yielding `tracked(id, data)`: `{ id, data }` on the client.
  output: AsyncIterable<{ id: string; data: z.output<Output> }, void, unknown>;
  meta: ProcedureMeta;
}>;

/** A subscription (a stream of server-sent events): see `SubscriptionDeclaration`. */
export function defineSubscription<
  const Access extends AccessRule,
  Output extends z.ZodType,
  Input extends z.ZodType | undefined = undefined,
>(declaration: SubscriptionDeclaration<Access, Input, Output>): SubscriptionOf<Input, Output> {
  const { access, summary, errors, input, output } = declaration;
  const handler = declaration.handler as
    | ((options: { ctx: Context; input: unknown; signal: AbortSignal | undefined }) => AsyncIterable<{
        id: string;
        data: unknown;
      }>)
    | undefined;
  const meta: ProcedureMeta = { access, summary, errors, placeholder: handler === undefined };
  const base = procedureFor(access).meta(meta);
  // One builder type for both branches: the resolver below reads its input as unknown.
  const builder = (input ? base.input(input) : base) as typeof base;
  const resolver = async function* (options: {
    ctx: Context;
    input: unknown;
    path: string;
    signal: AbortSignal | undefined;
  }) {
    if (!handler) notImplemented(options);
    for await (const event of handler({ ctx: options.ctx, input: options.input, signal: options.signal })) {
      yield tracked(event.id, output.parse(event.data));
    }
  };
  // The same cast as `definer`'s: tRPC cannot relate a procedure built from erased types
  // to the declaration's generics; `output` checks every event at run time.
  return builder.subscription(resolver) as unknown as SubscriptionOf<Input, Output>;
}
