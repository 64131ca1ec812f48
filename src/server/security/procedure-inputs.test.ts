import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { publicUrl } from '../config.ts';
import { appRouter } from '../router.ts';
import { answerProblems } from '../test/answer-checks.ts';
import { attemptsFor, edgeAttempts, type Attempt } from '../test/attack-inputs.ts';
import { databaseFingerprint } from '../test/db-fingerprint.ts';
import { mutate, PASSWORD, sessionCookie, signUpVerified } from '../test/http-client.ts';
import { procedureSeeds } from '../test/procedure-seeds.ts';
import { buildTestApp } from '../test/test-app.ts';
import { nonFinitePath } from '../trpc/non-finite-numbers.ts';
import { listProcedures, type ProcedureEntry } from '../trpc/procedure-list.ts';
import { possibleErrors, type ProcedureMeta } from '../trpc/procedure-meta.ts';

/**
 * Every procedure, over HTTP, with generated and mutated input, as a stranger and as
 * an admin. Whatever arrives: no 5xx (a placeholder's catalogued 501 aside), nothing
 * of the server's insides in the body, a catalogue code and the request id on every
 * error, and no change to the database when the call is refused.
 *
 * Each procedure runs the fixed edge cases first (edgeAttempts), then RUNS generated
 * ones. Seeds are fixed, so CI sends the same inputs every time: BASE_SEED plus a
 * number derived from the procedure and the caller, so no two procedures see the
 * same random stream. Replay: fast-check prints `seed` and `path` with a
 * counterexample; run the one test again with FC_SEED=<seed> FC_PATH=<path>. Change
 * BASE_SEED to explore further.
 */
const BASE_SEED = 20_261_122;
const FORCED_SEED = process.env.FC_SEED === undefined ? undefined : Number(process.env.FC_SEED);
const PATH = process.env.FC_PATH;
/** Per procedure and caller: 28 procedures × 2 callers × (30 + ~15 edge cases) ≈ 2,500 requests in about 25 s. */
const RUNS = 30;

/** A stable number per test name (FNV-1a), so a test's seed does not move when others are added. */
function seedFor(name: string): number {
  let hash = 0x811c9dc5;
  for (const char of name) hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 0x01000193);
  return FORCED_SEED ?? (BASE_SEED + (hash >>> 0)) % 2 ** 31;
}

const ADMIN = 'fuzz-admin@example.com';
const procedures = listProcedures(appRouter);

let app: FastifyInstance;
let adminCookie = '';

beforeAll(async () => {
  // Rate limits would answer 429 long before the generators run out; a 429 is a legitimate refusal anyway.
  app = await buildTestApp({ FIRST_ADMIN_EMAIL: ADMIN, RATE_LIMIT_PER_MINUTE: 1_000_000, AUTH_RATE_LIMIT: 1_000_000 });
  adminCookie = await signUpVerified(app, ADMIN);
});

function send(entry: ProcedureEntry, attempt: Attempt, cookie: string | undefined): Promise<LightMyRequestResponse> {
  const credentials = cookie ? { cookie } : {};
  if (entry.type === 'query') {
    const search = attempt.text === undefined ? '' : `?input=${encodeURIComponent(attempt.text)}`;
    return app.inject({ method: 'GET', url: `/trpc/${entry.path}${search}`, headers: credentials });
  }
  return app.inject({
    method: 'POST',
    url: `/trpc/${entry.path}`,
    headers: { ...credentials, origin: publicUrl(app.services.config).origin, 'content-type': attempt.contentType },
    ...(attempt.text === undefined ? {} : { payload: attempt.text }),
  });
}

/**
 * Whether a JSON body holds a number JavaScript reads as ±Infinity (`1e400`): JSON
 * cannot carry it back, so such a body is refused whatever the field (issue 16).
 */
function holdsNonFiniteNumber(attempt: Attempt): boolean {
  if (attempt.text === undefined || attempt.contentType !== 'application/json') return false;
  try {
    return nonFinitePath(JSON.parse(attempt.text)) !== undefined;
  } catch {
    return false; // not JSON, or nested too deep to walk: refused for that
  }
}

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
  it('has a valid input to mutate for every procedure', () => {
    expect(Object.keys(procedureSeeds).sort()).toEqual(procedures.map((entry) => entry.path).sort());
  });

  describe.each(callers)('called by $name', (caller) => {
    it.each(procedures)('$path ($type)', async (entry) => {
      const method = entry.type === 'query' ? 'GET' : 'POST';
      const placeholder = entry.meta.placeholder === true;
      // Complete for every procedure of the app router (router.test.ts proves it).
      const declared = possibleErrors(entry.meta as ProcedureMeta);
      let known = await databaseFingerprint(app.services.db);

      await fc.assert(
        fc.asyncProperty(attemptsFor(procedureSeeds[entry.path], method), async (attempt) => {
          const response = await send(entry, attempt, caller.cookie());
          const refused = response.statusCode >= 400;
          if (!refused) await caller.afterSuccess(entry);
          // Read the database before any assertion, so a failing run leaves `known`
          // true for the shrinking runs that follow. One read serves both cases: a
          // refused call must have left it as it was; after a success (and its
          // afterSuccess) it is what the next call is compared with.
          const after = await databaseFingerprint(app.services.db);
          const changed = after !== known;
          known = after;

          const request = `/trpc/${entry.path} ${attempt.text ?? ''}`;
          expect(
            answerProblems(response, { request, placeholder, declared }).join('; '),
            response.body.slice(0, 300),
          ).toBe('');
          expect(({} as Record<string, unknown>).polluted, 'Object.prototype was polluted').toBeUndefined();
          if (refused) expect(changed, `a refused call (${response.statusCode}) changed the database`).toBe(false);
          if (method === 'POST' && holdsNonFiniteNumber(attempt)) {
            expect(response.statusCode, 'a body with a number read as Infinity was accepted').toBe(400);
          }
        }),
        {
          seed: seedFor(`${caller.name} ${entry.path}`),
          numRuns: RUNS,
          examples: edgeAttempts(procedureSeeds[entry.path], method).map((edge) => [edge]),
          ...(PATH ? { path: PATH } : {}),
        },
      );
    });
  });
});
