import type { AppErrorCode } from '../../shared/errors.ts';
import type { Permission } from '../../shared/permissions.ts';

/**
 * Who may call a procedure: anyone, any signed-in caller, or a caller holding a
 * permission (src/shared/permissions.ts), optionally only a signed-in person
 * (`via: 'session'`: no API key), optionally behind a configuration switch. Every
 * procedure declares one (src/server/trpc/procedure.ts), and a test walks the router
 * to prove none lacks it.
 */
export type AccessRule = 'public' | 'signed-in' | { permission: Permission; switch?: AccessSwitch; via?: 'session' };

/**
 * A configuration setting that changes a permission rule at run time: `open` lets
 * anyone call, `off` answers NOT_FOUND to everyone, any other setting applies the
 * permission. The mailbox is the one today (`mailboxAccess` in config.ts): open in
 * development, admins only in production.
 */
export type AccessSwitch = 'MAILBOX';

/**
 * What every procedure declares about itself, kept as its tRPC meta and read by the
 * tests that walk the router and by the generated docs (tools/docs).
 */
export interface ProcedureMeta {
  access: AccessRule;
  /** One sentence: what the call does, for docs/spec.md and docs/access.md. */
  summary: string;
  /** The catalogue errors it may raise besides those every call may (`implicitErrors`). */
  errors: readonly AppErrorCode[];
  /** Declared without a handler: it validates its input and answers NOT_IMPLEMENTED. */
  placeholder: boolean;
}

/**
 * What any call may answer whatever it declares: a malformed or refused request,
 * an input that fails its schema, limits, the server's own trouble.
 */
export const anyCallErrors: readonly AppErrorCode[] = [
  'VALIDATION_FAILED',
  'BAD_REQUEST',
  'ORIGIN_NOT_ALLOWED',
  'METHOD_NOT_ALLOWED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'HEADERS_TOO_LARGE',
  'TIMEOUT',
  'RATE_LIMITED',
  'INTERNAL',
  'UNAVAILABLE',
  'STORAGE_FULL',
];

/**
 * What a mutation sent with an idempotency key may answer besides: the key reused with
 * another input, or still running (src/server/idempotency/idempotent-call.ts).
 */
export const idempotencyErrors: readonly AppErrorCode[] = ['IDEMPOTENCY_KEY_IN_USE', 'IDEMPOTENCY_KEY_REUSED'];

/** The codes a procedure's access rule itself answers (init.ts enforces them). */
function accessErrors(access: AccessRule): AppErrorCode[] {
  if (access === 'public') return [];
  if (access === 'signed-in') return ['UNAUTHENTICATED'];
  return [
    'UNAUTHENTICATED',
    'FORBIDDEN',
    ...(access.via ? (['API_KEY_NOT_ALLOWED'] as const) : []),
    ...(access.switch ? (['NOT_FOUND'] as const) : []),
  ];
}

/**
 * The errors a procedure may implicitly raise: those of any call, of its access rule,
 * NOT_IMPLEMENTED for a placeholder, and a mutation's idempotency errors.
 */
export function implicitErrors(
  meta: Pick<ProcedureMeta, 'access' | 'placeholder'>,
  type?: 'query' | 'mutation' | 'subscription',
): AppErrorCode[] {
  return [
    ...anyCallErrors,
    ...accessErrors(meta.access),
    ...(meta.placeholder ? (['NOT_IMPLEMENTED'] as const) : []),
    ...(type === 'mutation' ? idempotencyErrors : []),
  ];
}

/** Every catalogue code a procedure may answer: its declared errors and the implicit ones. */
export function possibleErrors(
  meta: Pick<ProcedureMeta, 'access' | 'placeholder' | 'errors'>,
  type?: 'query' | 'mutation' | 'subscription',
): Set<AppErrorCode> {
  return new Set([...implicitErrors(meta, type), ...meta.errors]);
}
