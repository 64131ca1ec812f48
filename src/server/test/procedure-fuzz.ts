import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { publicUrl } from '../config.ts';
import { nonFinitePath } from '../trpc/non-finite-numbers.ts';
import type { ProcedureEntry } from '../trpc/procedure-list.ts';
import { possibleErrors } from '../trpc/procedure-meta.ts';
import { answerProblems } from './answer-checks.ts';
import { attemptsFor, edgeAttempts, type Attempt } from './attack-inputs.ts';
import { changedTables, databaseFingerprint } from './db-fingerprint.ts';

/** Codes that say the input itself was refused: the seed, sent as a client sends it, must never get one. */
const INPUT_REFUSALS = new Set(['VALIDATION_FAILED', 'BAD_REQUEST']);

export interface FuzzRun {
  app: FastifyInstance;
  entry: ProcedureEntry;
  /** The procedure's valid input (procedure-seeds.ts); undefined for none. */
  seed: unknown;
  /** The caller's session cookie, read before each request (a sign-out may replace it). */
  cookie: () => string | undefined;
  /** Called after a call succeeded, e.g. to sign in again after a generated sign-out. */
  afterSuccess?: () => Promise<void>;
  /** Where the router is mounted; the app's own `/trpc` unless a test mounts another. */
  mountPath?: string;
  /** fast-check's seed and run count; `path` replays one counterexample. */
  randomSeed: number;
  numRuns: number;
  path?: string;
}

/** Sends one attempt as a browser would: a query by GET with `?input=`, a mutation by POST. */
export function sendAttempt(
  app: FastifyInstance,
  entry: ProcedureEntry,
  attempt: Attempt,
  cookie: string | undefined,
  mountPath = '/trpc',
): Promise<LightMyRequestResponse> {
  const credentials = cookie ? { cookie } : {};
  const url = `${mountPath}/${entry.path}`;
  if (entry.type === 'query') {
    const search = attempt.text === undefined ? '' : `?input=${encodeURIComponent(attempt.text)}`;
    return app.inject({ method: 'GET', url: `${url}${search}`, headers: credentials });
  }
  return app.inject({
    method: 'POST',
    url,
    headers: { ...credentials, origin: publicUrl(app.services.config).origin, 'content-type': attempt.contentType },
    ...(attempt.text === undefined ? {} : { payload: attempt.text }),
  });
}

/** The catalogue code of an error answer, if the body is one. */
export function appCodeOf(response: LightMyRequestResponse): string | undefined {
  try {
    return response.json<{ error?: { json?: { data?: { appCode?: string } } } }>().error?.json?.data?.appCode;
  } catch {
    return undefined;
  }
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

/**
 * One procedure under the fixed edge cases (edgeAttempts), then `numRuns` generated
 * ones. Whatever arrives: no 5xx (a placeholder's catalogued 501 aside), nothing of
 * the server's insides in the body, a catalogue code and the request id on every
 * error, no change to the database when the call is refused, and the seed itself
 * never refused as invalid input.
 */
export async function fuzzProcedure(run: FuzzRun): Promise<void> {
  const { app, entry, seed, cookie, afterSuccess, mountPath } = run;
  const method = entry.type === 'query' ? 'GET' : 'POST';
  const { meta } = entry;
  const placeholder = meta.placeholder === true;
  // Every procedure of the app router declares its errors (router.test.ts proves it); a
  // test harness's procedure built by hand declares none, and is not held to them.
  const declared =
    meta.access !== undefined && meta.errors !== undefined
      ? possibleErrors({ access: meta.access, errors: meta.errors, placeholder }, entry.type)
      : undefined;
  if (app.hasDecorator('jobs')) await app.jobs.runDue();
  let known = await databaseFingerprint(app.services.db);

  await fc.assert(
    fc.asyncProperty(attemptsFor(seed, method), async (attempt) => {
      const response = await sendAttempt(app, entry, attempt, cookie(), mountPath);
      const refused = response.statusCode >= 400;
      if (!refused) await afterSuccess?.();
      // Work a call handed on (ctx.afterAnswer: a reset request answers before it writes)
      // is part of that call's change, not the next one's.
      await app.services.background.settled();
      // And the jobs it queued (an e-mail to deliver): on PostgreSQL a worker wakes for them at
      // once, and would otherwise change the database under the next call's fingerprint.
      if (app.hasDecorator('jobs')) await app.jobs.runDue();
      // Read the database before any assertion, so a failing run leaves `known`
      // true for the shrinking runs that follow. One read serves both cases: a
      // refused call must have left it as it was; after a success (and its
      // afterSuccess) it is what the next call is compared with.
      const after = await databaseFingerprint(app.services.db);
      const changed = after !== known ? changedTables(known, after).join(', ') || 'a table' : '';
      known = after;

      const request = `${mountPath ?? '/trpc'}/${entry.path} ${attempt.text ?? ''}`;
      expect(
        answerProblems(response, { request, placeholder, ...(declared ? { declared } : {}) }).join('; '),
        response.body.slice(0, 300),
      ).toBe('');
      expect(({} as Record<string, unknown>).polluted, 'Object.prototype was polluted').toBeUndefined();
      if (refused) expect(changed, `a refused call (${response.statusCode}) changed the database`).toBe('');
      if (method === 'POST' && holdsNonFiniteNumber(attempt)) {
        expect(response.statusCode, 'a body with a number read as Infinity was accepted').toBe(400);
      }
      if (attempt.valid) {
        const code = appCodeOf(response);
        expect(INPUT_REFUSALS.has(code ?? ''), `the valid seed was refused: ${response.body.slice(0, 300)}`).toBe(
          false,
        );
      }
    }),
    {
      seed: run.randomSeed,
      numRuns: run.numRuns,
      examples: edgeAttempts(seed, method).map((edge) => [edge]),
      ...(run.path ? { path: run.path } : {}),
    },
  );
}
