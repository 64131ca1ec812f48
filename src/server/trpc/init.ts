import { initTRPC } from '@trpc/server';
import { AppError } from '../../shared/errors.ts';
import { toAppError } from '../errors/to-app-error.ts';
import { can, type Permission } from '../../shared/permissions.ts';
import type { Context } from './context.ts';
import { formatError } from '../errors/format-error.ts';
import { superjsonInput } from './superjson-input.ts';
import { superjsonOutput } from './superjson-output.ts';
import { mailboxAccess, type Config } from '../config.ts';
import type { Viewer } from '../features/auth/viewer.ts';
import { isStrictlyLimited } from '../rate-limit/strict-limits.ts';
import type { AccessRule, AccessSwitch, ProcedureMeta } from './procedure-meta.ts';

/**
 * The tRPC building blocks. Routers use `router` and `defineQuery` /
 * `defineMutation` (procedure.ts), which build every procedure on `procedureFor`
 * below, so none exists without its access rule (deny by default: docs/access.md
 * shows who may call what).
 */
const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    // superjson round-trips Date (and Map, Set, BigInt) between server and client; what
    // clients send is read through a check of superjson's metadata (superjson-input.ts),
    // and an answer superjson would leave as it is skips its walk (superjson-output.ts).
    transformer: { input: superjsonInput, output: superjsonOutput },
    errorFormatter: formatError,
    // Stack traces are never sent; the formatter decides what else is shown.
    isDev: false,
    // Live updates (docs/decisions/0040-live-updates.md): a comment-sized ping every 15 s
    // keeps proxies from cutting an idle stream (most cut at 60 s); a client that hears
    // nothing for 40 s reconnects and resumes from its last event id.
    sse: {
      ping: { enabled: true, intervalMs: 15_000 },
      client: { reconnectAfterInactivityMs: 40_000 },
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/**
 * What every call goes through first: the strict per-call rate limit of the
 * procedures attackers hammer (a batch of 20 sign-ins counts 20), then the timing
 * and outcome metric. Errors are counted at the error edge (plugins/trpc.ts), which
 * also sees the failures no procedure reached.
 */
const procedure = t.procedure.use(async ({ ctx, path, type, next }) => {
  const started = performance.now();
  // Whether a procedure is strictly limited never changes: the others skip the limiter.
  if (ctx.req && ctx.procedureRateLimit && isStrictlyLimited(path)) {
    const verdict = await ctx.procedureRateLimit(path, ctx.req);
    if (!verdict.allowed) {
      void ctx.res?.header('retry-after', String(verdict.retryAfterSeconds));
      observe(ctx, path, type, 'RATE_LIMITED', started);
      throw new AppError('RATE_LIMITED', { details: { retryAfterSeconds: verdict.retryAfterSeconds } });
    }
  }
  const result = await next();
  observe(ctx, path, type, result.ok ? 'ok' : toAppError(result.error).code, started);
  return result;
});

function observe(ctx: Context, procedure: string, type: string, outcome: string, started: number) {
  ctx.metrics.procedureDuration.observe({ procedure, type, outcome }, (performance.now() - started) / 1000);
}

/** The caller's viewer, or UNAUTHENTICATED. */
async function requireViewer(ctx: Context): Promise<Viewer> {
  const credentials = await ctx.credentials();
  if (credentials.kind !== 'valid') throw new AppError('UNAUTHENTICATED');
  return credentials.viewer;
}

/**
 * The caller's viewer if its role (narrowed by an API key's scope) holds `permission`;
 * else UNAUTHENTICATED or FORBIDDEN. With `via: 'session'`, an API key is refused
 * whatever its scope (API_KEY_NOT_ALLOWED): only a signed-in person may call.
 */
async function requirePermission(ctx: Context, permission: Permission, via?: 'session'): Promise<Viewer> {
  const viewer = await requireViewer(ctx);
  if (via && viewer.via !== via) throw new AppError('API_KEY_NOT_ALLOWED');
  if (!can({ role: viewer.role, scope: viewer.scope }, permission)) throw new AppError('FORBIDDEN');
  return viewer;
}

/**
 * Anyone may call it, signed in or not. Exported for test harnesses and tools that
 * mount procedures the product does not have (subscriptions, crashes, benchmarks);
 * product routers use `defineQuery` / `defineMutation`, and lint keeps them to it.
 */
export const publicProcedure = procedure;

/** A signed-in person or a valid API key; `ctx.viewer` is set. */
const signedInProcedure = procedure.use(async ({ ctx, next }) => next({ ctx: { viewer: await requireViewer(ctx) } }));

/**
 * A caller whose role (narrowed by an API key's scope) holds `permission`; `ctx.viewer`
 * is set. `via: 'session'` admits only a signed-in person, never an API key.
 */
function permittedProcedure(permission: Permission, via: 'session' | undefined) {
  return procedure.use(async ({ ctx, next }) =>
    next({ ctx: { viewer: await requirePermission(ctx, permission, via) } }),
  );
}

/** Each switch's current setting: `open`, `off`, or (the mailbox's `admins`) the permission applies. */
const switchSettings: Record<AccessSwitch, (config: Config) => 'open' | 'admins' | 'off'> = {
  MAILBOX: mailboxAccess,
};

/**
 * `permission`, unless the configuration opens the procedure to anyone or turns it
 * off (NOT_FOUND, as if it did not exist). There is no viewer in the context: an
 * open procedure may have none.
 */
function switchedProcedure(permission: Permission, setting: AccessSwitch, via: 'session' | undefined) {
  return procedure.use(async ({ ctx, next }) => {
    const state = switchSettings[setting](ctx.config);
    if (state === 'off') throw new AppError('NOT_FOUND');
    if (state !== 'open') await requirePermission(ctx, permission, via);
    return next();
  });
}

/**
 * The base procedure enforcing a declared access rule, for procedure.ts only. Its
 * context type is a union of the four; procedure.ts gives each handler the one its
 * rule produced (`ContextFor`).
 */
export function procedureFor(access: AccessRule) {
  if (access === 'public') return procedure;
  if (access === 'signed-in') return signedInProcedure;
  if (access.switch) return switchedProcedure(access.permission, access.switch, access.via);
  return permittedProcedure(access.permission, access.via);
}
