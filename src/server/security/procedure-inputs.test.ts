import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { specRouters } from '../generated/routers.ts';
import { appRouter } from '../router.ts';
import { mutate, PASSWORD, sessionCookie, signUpVerified } from '../test/http-client.ts';
import { fuzzProcedure } from '../test/procedure-fuzz.ts';
import { procedureSeeds, requireSeed } from '../test/procedure-seeds.ts';
import { buildTestApp } from '../test/test-app.ts';
import { listProcedures, type ProcedureEntry } from '../trpc/procedure-list.ts';

/**
 * Every procedure, over HTTP, with generated and mutated input, as a stranger and as
 * an admin. Whatever arrives: no 5xx (a placeholder's catalogued 501 aside), nothing
 * of the server's insides in the body, a catalogue code and the request id on every
 * error, no change to the database when the call is refused, and the valid seed,
 * sent as a client sends it, never refused as invalid (procedure-fuzz.ts).
 *
 * Each procedure's seed is derived from its input schema, or written by hand where
 * it must name something that exists (procedure-seeds.ts). Each procedure runs the
 * fixed edge cases first (edgeAttempts), then RUNS generated ones. Seeds are fixed,
 * so CI sends the same inputs every time: BASE_SEED plus a number derived from the
 * procedure and the caller, so no two procedures see the same random stream. Replay: fast-check prints `seed` and `path` with a
 * counterexample; run the one test again with FC_SEED=<seed> FC_PATH=<path>. Change
 * BASE_SEED to explore further.
 */
const BASE_SEED = 20_261_122;
const FORCED_SEED = process.env.FC_SEED === undefined ? undefined : Number(process.env.FC_SEED);
const PATH = process.env.FC_PATH;
/** Per procedure and caller: 29 procedures × 2 callers × (30 + ~15 edge cases) ≈ 2,500 requests in about 25 s. */
const RUNS = 30;

/** A stable number per test name (FNV-1a), so a test's seed does not move when others are added. */
function seedFor(name: string): number {
  let hash = 0x811c9dc5;
  for (const char of name) hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 0x01000193);
  return FORCED_SEED ?? (BASE_SEED + (hash >>> 0)) % 2 ** 31;
}

const ADMIN = 'fuzz-admin@example.com';
// Subscriptions too (`live.*`), over HTTP: a refusal must come at once as one error frame,
// holding no stream; a stream valid input opens is closed after its first event (procedure-fuzz.ts).
const procedures = listProcedures(appRouter);
const seeds = procedureSeeds(appRouter);
// In a compiled example's copy (SPEC_EXAMPLE_COPY: tools/spec/example-leg.ts), the spec's
// procedures: the foundation's are the repository's, which its own suite fuzzes.
const specRouterNames = new Set(Object.keys(specRouters));
const fuzzed = process.env.SPEC_EXAMPLE_COPY
  ? procedures.filter((entry) => specRouterNames.has(entry.path.split('.')[0] ?? ''))
  : procedures;

let app: FastifyInstance;
let adminCookie = '';
let base = '';

beforeAll(async () => {
  // Rate limits would answer 429 long before the generators run out; a 429 is a legitimate refusal anyway.
  app = await buildTestApp({ FIRST_ADMIN_EMAIL: ADMIN, RATE_LIMIT_PER_MINUTE: 1_000_000, AUTH_RATE_LIMIT: 1_000_000 });
  adminCookie = await signUpVerified(app, ADMIN);
  await app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});

interface Caller {
  name: string;
  cookie: () => string | undefined;
  /** Called after a call succeeded: the admin's generated sign-out must not end the admin's run. */
  afterSuccess: (entry: ProcedureEntry) => Promise<void>;
}

const callers: Caller[] = [
  { name: 'a stranger', cookie: () => undefined, afterSuccess: async () => undefined },
  {
    name: 'an admin',
    cookie: () => adminCookie,
    afterSuccess: async (entry) => {
      if (entry.path !== 'auth.signOut') return;
      adminCookie = sessionCookie(await mutate(app, 'auth.signIn', { email: ADMIN, password: PASSWORD }));
    },
  },
];

describe('generated input for every procedure', () => {
  it('has a valid input to mutate for every procedure, derived or written by hand', () => {
    expect(seeds.problems).toEqual([]);
    expect([...seeds.seeds.keys()].sort()).toEqual(procedures.map((entry) => entry.path).sort());
    expect(fuzzed.length, 'procedures to fuzz').toBeGreaterThan(0);
  });

  describe.each(callers)('called by $name', (caller) => {
    it.each(fuzzed)('$path ($type)', async (entry) => {
      await fuzzProcedure({
        app,
        entry,
        seed: requireSeed(seeds, entry.path).value,
        cookie: caller.cookie,
        afterSuccess: () => caller.afterSuccess(entry),
        randomSeed: seedFor(`${caller.name} ${entry.path}`),
        numRuns: RUNS,
        base,
        ...(PATH ? { path: PATH } : {}),
      });
    });
  });
});
