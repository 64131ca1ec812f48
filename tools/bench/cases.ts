import type autocannon from 'autocannon';
import type { Fixtures } from '../load/prepare.ts';

/** Every case, in the order they run. */
export const CASE_IDS = [
  'baseline',
  'no-db query',
  'batch of 10',
  'system.health',
  'primary-key read',
  'signed-in query',
  'stock signed-in query',
  'signed-in batch of 10',
  'stock signed-in batch of 10',
  'write',
  'stock write',
] as const;

export type CaseId = (typeof CASE_IDS)[number];

/** The server a case loads: the baseline, the app, or one of the stock peers (issue 20). */
export type CaseServer = 'raw' | 'app' | 'stockSignedIn' | 'stockWrite';

export interface BenchCase {
  id: CaseId;
  /** What it times, in a few words. */
  purpose: string;
  server: CaseServer;
  request: autocannon.Request;
  /** Procedure calls per HTTP request: the batch's figures are also given per call. */
  calls: number;
  /** The stock stack's case doing the same work: the app's case is reported against it, per call. */
  peer?: CaseId;
}

/** The stock peers' signed-in user: their own session cookies, from POST /fixture. */
export interface PeerFixtures {
  signedInCookie: string;
  writeCookie: string;
}

/** `/trpc/a,a,…?batch=1&input={}`: a batch of one procedure without input, as httpBatchLink sends it. */
function batchOf(path: string, size: number): string {
  return `/trpc/${Array.from({ length: size }, () => path).join(',')}?batch=1&input=${encodeURIComponent('{}')}`;
}

/** `?input=` as the superjson transformer sends it. */
const inputOf = (value: unknown) => `input=${encodeURIComponent(JSON.stringify({ json: value }))}`;

/**
 * The cases, in the order they run. The no-database query is auth.viewer without a
 * session: the first call of every page an anonymous visitor opens, answered without
 * touching the database (no cookie, nothing to look up), through the whole plugin chain,
 * tRPC, the output schema and superjson.
 */
export function benchCases(
  origin: string,
  { cookie, memberId }: Fixtures,
  { signedInCookie, writeCookie }: PeerFixtures,
): BenchCase[] {
  const signedIn = { cookie };
  const stockViewer = (size: number) => ({
    method: 'GET' as const,
    path: size === 1 ? '/trpc/viewer' : batchOf('viewer', size),
    headers: { cookie: signedInCookie },
  });
  return [
    {
      id: 'baseline',
      purpose: 'a raw Fastify route, same JSON as the no-database query',
      server: 'raw',
      request: { method: 'GET', path: '/raw' },
      calls: 1,
    },
    {
      id: 'no-db query',
      purpose: 'auth.viewer, signed out',
      server: 'app',
      request: { method: 'GET', path: '/trpc/auth.viewer' },
      calls: 1,
    },
    {
      id: 'batch of 10',
      purpose: 'ten auth.viewer calls, signed out, in one request',
      server: 'app',
      request: { method: 'GET', path: batchOf('auth.viewer', 10) },
      calls: 10,
    },
    {
      id: 'system.health',
      purpose: 'SELECT 1 through Prisma',
      server: 'app',
      request: { method: 'GET', path: '/trpc/system.health' },
      calls: 1,
    },
    {
      id: 'primary-key read',
      purpose: 'one user by id through Prisma (bench.userById)',
      server: 'app',
      request: { method: 'GET', path: `/trpc/bench.userById?${inputOf({ id: memberId })}` },
      calls: 1,
    },
    {
      id: 'signed-in query',
      purpose: 'auth.viewer with a session cookie: the session lookup',
      server: 'app',
      request: { method: 'GET', path: '/trpc/auth.viewer', headers: signedIn },
      calls: 1,
      peer: 'stock signed-in query',
    },
    {
      id: 'stock signed-in query',
      purpose: 'stock Fastify + tRPC + better-auth: getSession, its user (servers/stock-signed-in.ts)',
      server: 'stockSignedIn',
      request: stockViewer(1),
      calls: 1,
    },
    {
      id: 'signed-in batch of 10',
      purpose: 'ten auth.viewer calls with a session cookie, in one request',
      server: 'app',
      request: { method: 'GET', path: batchOf('auth.viewer', 10), headers: signedIn },
      calls: 10,
      peer: 'stock signed-in batch of 10',
    },
    {
      id: 'stock signed-in batch of 10',
      purpose: "ten calls of the stock peer's getSession procedure, in one request",
      server: 'stockSignedIn',
      request: stockViewer(10),
      calls: 10,
    },
    {
      id: 'write',
      purpose: 'admin.users.setRole: session lookup, then one UPDATE committed',
      server: 'app',
      request: {
        method: 'POST',
        path: '/trpc/admin.users.setRole',
        headers: { ...signedIn, origin, 'content-type': 'application/json' },
        body: JSON.stringify({ json: { userId: memberId, role: 'member' } }),
      },
      calls: 1,
      peer: 'stock write',
    },
    {
      id: 'stock write',
      purpose: 'the stock peer: getSession, then one Prisma update of the user, committed (servers/stock-write.ts)',
      server: 'stockWrite',
      request: {
        method: 'POST',
        path: '/trpc/rename',
        headers: { cookie: writeCookie, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Stock Peer' }),
      },
      calls: 1,
    },
  ];
}

/**
 * The cases a run measures: every one, or those named and their stock peers (an app
 * case's ratio to its peer needs both), in the benchmark's order.
 */
export function casesToRun(cases: BenchCase[], named?: CaseId[]): BenchCase[] {
  if (!named) return cases;
  const wanted = new Set(
    named.flatMap((id) => [id, ...cases.filter((each) => each.id === id).flatMap((each) => each.peer ?? [])]),
  );
  return cases.filter((each) => wanted.has(each.id));
}
