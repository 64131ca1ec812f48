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

/**
 * The PostgreSQL leg's cases, in the order they run: its own raw-driver
 * baseline, then the app's signed-in cases and their stock peers, all on PostgreSQL.
 */
export const POSTGRESQL_CASE_IDS = [
  'pg baseline',
  'pg signed-in query',
  'pg stock signed-in query',
  'pg signed-in batch of 10',
  'pg stock signed-in batch of 10',
  'pg write',
  'pg stock write',
] as const;

export type CaseId = (typeof CASE_IDS)[number] | (typeof POSTGRESQL_CASE_IDS)[number];

/** Every case a `--case` filter may name. */
export const ALL_CASE_IDS: readonly CaseId[] = [...CASE_IDS, ...POSTGRESQL_CASE_IDS];

/**
 * The server a case loads: the baseline, the app, or one of the stock peers;
 * `pg…`, the same on PostgreSQL, whose baseline reads through the raw `pg` driver.
 */
export type CaseServer =
  'raw' | 'app' | 'stockSignedIn' | 'stockWrite' | 'pgRaw' | 'pgApp' | 'pgStockSignedIn' | 'pgStockWrite';

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

/** The ids and servers of one engine's signed-in cases (the app's and its stock peers'). */
interface SignedInLeg {
  ids: {
    query: CaseId;
    stockQuery: CaseId;
    batch: CaseId;
    stockBatch: CaseId;
    write: CaseId;
    stockWrite: CaseId;
  };
  servers: { app: CaseServer; stockSignedIn: CaseServer; stockWrite: CaseServer };
  /** Said after each purpose: the engine, when it is not the default. */
  on: string;
}

const SQLITE_SIGNED_IN: SignedInLeg = {
  ids: {
    query: 'signed-in query',
    stockQuery: 'stock signed-in query',
    batch: 'signed-in batch of 10',
    stockBatch: 'stock signed-in batch of 10',
    write: 'write',
    stockWrite: 'stock write',
  },
  servers: { app: 'app', stockSignedIn: 'stockSignedIn', stockWrite: 'stockWrite' },
  on: '',
};

const POSTGRESQL_SIGNED_IN: SignedInLeg = {
  ids: {
    query: 'pg signed-in query',
    stockQuery: 'pg stock signed-in query',
    batch: 'pg signed-in batch of 10',
    stockBatch: 'pg stock signed-in batch of 10',
    write: 'pg write',
    stockWrite: 'pg stock write',
  },
  servers: { app: 'pgApp', stockSignedIn: 'pgStockSignedIn', stockWrite: 'pgStockWrite' },
  on: ', on PostgreSQL',
};

/** The signed-in cases, each app case followed by its stock peer's. */
function signedInCases(
  origin: string,
  { cookie, memberId }: Fixtures,
  { signedInCookie, writeCookie }: PeerFixtures,
  { ids, servers, on }: SignedInLeg,
): BenchCase[] {
  const signedIn = { cookie };
  const stockViewer = (size: number) => ({
    method: 'GET' as const,
    path: size === 1 ? '/trpc/viewer' : batchOf('viewer', size),
    headers: { cookie: signedInCookie },
  });
  return [
    {
      id: ids.query,
      purpose: `auth.viewer with a session cookie: the session lookup${on}`,
      server: servers.app,
      request: { method: 'GET', path: '/trpc/auth.viewer', headers: signedIn },
      calls: 1,
      peer: ids.stockQuery,
    },
    {
      id: ids.stockQuery,
      purpose: `stock Fastify + tRPC + better-auth: getSession, its user (servers/stock-signed-in.ts)${on}`,
      server: servers.stockSignedIn,
      request: stockViewer(1),
      calls: 1,
    },
    {
      id: ids.batch,
      purpose: `ten auth.viewer calls with a session cookie, in one request${on}`,
      server: servers.app,
      request: { method: 'GET', path: batchOf('auth.viewer', 10), headers: signedIn },
      calls: 10,
      peer: ids.stockBatch,
    },
    {
      id: ids.stockBatch,
      purpose: `ten calls of the stock peer's getSession procedure, in one request${on}`,
      server: servers.stockSignedIn,
      request: stockViewer(10),
      calls: 10,
    },
    {
      id: ids.write,
      purpose: `admin.users.setRole: session lookup, then one UPDATE committed${on}`,
      server: servers.app,
      request: {
        method: 'POST',
        path: '/trpc/admin.users.setRole',
        headers: { ...signedIn, origin, 'content-type': 'application/json' },
        body: JSON.stringify({ json: { userId: memberId, role: 'member' } }),
      },
      calls: 1,
      peer: ids.stockWrite,
    },
    {
      id: ids.stockWrite,
      purpose: `the stock peer: getSession, then one Prisma update of the user, committed (servers/stock-write.ts)${on}`,
      server: servers.stockWrite,
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
 * The cases, in the order they run. The no-database query is auth.viewer without a
 * session: the first call of every page an anonymous visitor opens, answered without
 * touching the database (no cookie, nothing to look up), through the whole plugin chain,
 * tRPC, the output schema and superjson.
 */
export function benchCases(origin: string, fixtures: Fixtures, peerFixtures: PeerFixtures): BenchCase[] {
  const { memberId } = fixtures;
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
    ...signedInCases(origin, fixtures, peerFixtures, SQLITE_SIGNED_IN),
  ];
}

/**
 * The PostgreSQL leg's cases, in the order they run: its baseline first (a raw Fastify
 * route reading the caller's session and user with the `pg` driver, servers/raw-pg.ts,
 * with the app's session cookie), then the app's signed-in cases against their stock
 * peers, every server on a PostgreSQL database of its own.
 */
export function postgresqlCases(origin: string, fixtures: Fixtures, peerFixtures: PeerFixtures): BenchCase[] {
  return [
    {
      id: 'pg baseline',
      purpose: "a raw Fastify route: the caller's session and user, one indexed read with the pg driver",
      server: 'pgRaw',
      request: { method: 'GET', path: '/raw-pg', headers: { cookie: fixtures.cookie } },
      calls: 1,
    },
    ...signedInCases(origin, fixtures, peerFixtures, POSTGRESQL_SIGNED_IN),
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
