import autocannon from 'autocannon';
import type { Fixtures } from './prepare.ts';

/** One stretch of load: what is sent, and from how many client addresses. */
export interface Phase {
  name: string;
  /** What the phase measures, and which answers it expects. */
  purpose: string;
  requests: autocannon.Request[];
  /**
   * `many`: every request from another address (X-Forwarded-For, believed from
   * loopback), so no client reaches a per-IP limit, as with real users behind a
   * load balancer. `one`: a single address, which the limits are there to stop.
   */
  clients: 'many' | 'one';
}

/**
 * The ten queries a screen might load at once, in one HTTP request (tRPC's batch
 * link), each with its input: a call without the input it needs fails inside the
 * batch, and the batch answers 207.
 */
const BATCH: [path: string, input?: unknown][] = [
  ['system.health'],
  ['auth.viewer'],
  ['system.info'],
  ['auth.sessions.list'],
  ['system.stats'],
  ['system.health'],
  ['auth.viewer'],
  ['admin.users.list', { limit: 20 }],
  ['mailbox.templates'],
  ['admin.apiKeys.list'],
];

/** `/trpc/a,b,…?batch=1&input={"7":{"json":…}}`: inputs keyed by position, in superjson's envelope. */
function batchPath(calls: typeof BATCH): string {
  const inputs = Object.fromEntries(
    calls.flatMap(([, input], index) => (input === undefined ? [] : [[String(index), { json: input }]])),
  );
  return `/trpc/${calls.map(([path]) => path).join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify(inputs))}`;
}

/** The phases, in order: each request type alone, all of them mixed, then two abusive clients. */
export function phasesFor(origin: string, { cookie, memberId }: Fixtures): Phase[] {
  const signedIn = { cookie };
  const health: autocannon.Request = { method: 'GET', path: '/trpc/system.health' };
  const viewer: autocannon.Request = { method: 'GET', path: '/trpc/auth.viewer', headers: signedIn };
  const batch: autocannon.Request = {
    method: 'GET',
    path: batchPath(BATCH),
    headers: signedIn,
  };
  // A real write that no strict limit covers: an UPDATE of one user, committed to
  // disk (SQLITE_SYNCHRONOUS=FULL), the same row each time so the database stays small.
  const write: autocannon.Request = {
    method: 'POST',
    path: '/trpc/admin.users.setRole',
    headers: { ...signedIn, origin, 'content-type': 'application/json' },
    body: JSON.stringify({ json: { userId: memberId, role: 'member' } }),
  };
  // Strictly limited (AUTH_RATE_LIMIT per 15 minutes per address): an unknown address
  // changes nothing, and from one client all but the first few are deliberate 429s.
  const passwordReset: autocannon.Request = {
    method: 'POST',
    path: '/trpc/auth.requestPasswordReset',
    headers: { origin, 'content-type': 'application/json' },
    body: JSON.stringify({ json: { email: 'nobody@example.com' } }),
  };
  return [
    { name: 'health', purpose: 'system.health: tRPC + one database round trip', clients: 'many', requests: [health] },
    {
      name: 'viewer',
      purpose: 'auth.viewer, signed in: the session read of every page',
      clients: 'many',
      requests: [viewer],
    },
    {
      name: 'batch of 10',
      purpose: 'ten signed-in queries in one request (latency is per batch)',
      clients: 'many',
      requests: [batch],
    },
    { name: 'write', purpose: 'admin.users.setRole: one UPDATE committed to disk', clients: 'many', requests: [write] },
    {
      name: 'mix',
      purpose: 'health, viewer, batch and write in turn on each connection',
      clients: 'many',
      requests: [health, viewer, batch, write],
    },
    {
      name: 'auth abuse, one client',
      purpose: 'auth.requestPasswordReset from one address: deliberate 429s after AUTH_RATE_LIMIT',
      clients: 'one',
      requests: [passwordReset],
    },
    {
      name: 'flood, one client',
      purpose: 'system.health from one address: deliberate 429s after RATE_LIMIT_PER_MINUTE',
      clients: 'one',
      requests: [health],
    },
  ];
}

let nextClient = 0;

/** A new address from 10.0.0.0/8 for every request: 16 million before one repeats. */
function anotherClient(): string {
  nextClient = (nextClient + 1) % 2 ** 24;
  return `10.${(nextClient >> 16) & 255}.${(nextClient >> 8) & 255}.${nextClient & 255}`;
}

/** Runs one phase for `duration` seconds over `connections` connections. */
export function runPhase(
  baseUrl: string,
  phase: Phase,
  { duration, connections, index }: { duration: number; connections: number; index: number },
): Promise<autocannon.Result> {
  // Each single-client phase has an address of its own (TEST-NET-2), so their limits do not mix.
  const oneClient = `198.51.100.${index + 1}`;
  const from = () => (phase.clients === 'many' ? anotherClient() : oneClient);
  return autocannon({
    url: baseUrl,
    connections,
    duration,
    title: phase.name,
    requests: phase.requests.map((request) => ({
      ...request,
      setupRequest: (built: autocannon.Request) => ({
        ...built,
        headers: { ...built.headers, 'x-forwarded-for': from() },
      }),
    })),
  });
}
