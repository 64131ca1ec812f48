import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { publicUrl } from '../config.ts';
import { nonFinitePath } from '../trpc/non-finite-numbers.ts';
import type { ProcedureEntry } from '../trpc/procedure-list.ts';
import { possibleErrors } from '../trpc/procedure-meta.ts';
import { answerProblems, type Answer } from './answer-checks.ts';
import { attemptsFor, edgeAttempts, type Attempt } from './attack-inputs.ts';
import { changedTables, databaseFingerprint } from './db-fingerprint.ts';
import { openEventStream } from './sse-client.ts';

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
  /** The listening app's address (`http://127.0.0.1:<port>`): a subscription is a stream, sent over HTTP. */
  base?: string;
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

/** How long a subscription may take for each frame before its answer (a refusal or its first event). */
const FRAME_MS = 3_000;

/** What a subscription answered: the answer to check, and whether the stream opened. */
interface SubscriptionAnswer {
  /** An error frame as an error body (status: its httpStatus), or the whole non-stream answer. */
  answer: Answer;
  /** The stream opened: a first event came, not an error. */
  opened: boolean;
  /** Besides the answer's own checks: what the stream did wrong. */
  problems: string[];
}

/**
 * Sends one attempt to a subscription as EventSource would (GET, `?input=`) and reads its
 * answer. A refusal must come at once, as `connected` and one `serialized-error` frame
 * that ends the stream, with no live stream held meanwhile (`app.live`); a stream that
 * opens (valid input) is closed after its first event, and waited for until the server
 * has let it go.
 */
async function sendSubscriptionAttempt(
  app: FastifyInstance,
  base: string,
  entry: ProcedureEntry,
  attempt: Attempt,
  cookie: string | undefined,
  mountPath = '/trpc',
): Promise<SubscriptionAnswer> {
  const search = attempt.text === undefined ? '' : `?input=${encodeURIComponent(attempt.text)}`;
  const stream = await openEventStream(`${base}${mountPath}/${entry.path}${search}`, cookie ? { cookie } : {});
  const headers = Object.fromEntries(stream.headers);
  const problems: string[] = [];
  const live = app.hasDecorator('live') ? app.live : undefined;
  try {
    if (!stream.headers.get('content-type')?.startsWith('text/event-stream')) {
      // Refused before any stream (a URL too long): an ordinary answer.
      while ((await stream.next(FRAME_MS)) !== undefined);
      return { answer: { statusCode: stream.status, headers, body: stream.text() }, opened: false, problems };
    }
    const connected = await stream.next(FRAME_MS);
    if (connected?.event !== 'connected') problems.push(`a stream that began with ${JSON.stringify(connected)}`);
    const first = await stream.next(FRAME_MS);
    if (first?.event === 'message') return { answer: { statusCode: 200, headers, body: '' }, opened: true, problems };
    if (first?.event !== 'serialized-error') {
      problems.push(`neither an event nor an error after connected: ${JSON.stringify(first)}`);
      return { answer: { statusCode: stream.status, headers, body: stream.text() }, opened: false, problems };
    }
    if (live && live.count() > 0) problems.push(`a refused stream is held (${live.count()} open)`);
    const error = JSON.parse(first.data) as { json?: { data?: { httpStatus?: unknown } } };
    const after = await stream.next(FRAME_MS);
    if (after !== undefined) problems.push(`the stream went on after its error: ${JSON.stringify(after)}`);
    const status = error.json?.data?.httpStatus;
    return {
      answer: { statusCode: typeof status === 'number' ? status : 500, headers, body: JSON.stringify({ error }) },
      opened: false,
      problems,
    };
  } finally {
    stream.close();
    // An opened stream is the server's to end once it sees the client leave.
    if (live) await expect.poll(() => live.count(), { timeout: 5_000 }).toBe(0);
  }
}

/** The catalogue code of an error answer, if the body is one. */
export function appCodeOf(response: Pick<Answer, 'body'>): string | undefined {
  try {
    return (JSON.parse(response.body) as { error?: { json?: { data?: { appCode?: string } } } }).error?.json?.data
      ?.appCode;
  } catch {
    return undefined;
  }
}

/**
 * Whether a JSON body holds a number JavaScript reads as ±Infinity (`1e400`): JSON
 * cannot carry it back, so such a body is refused whatever the field.
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
  const { app, entry, seed, cookie, afterSuccess, mountPath, base } = run;
  if (entry.type === 'subscription' && base === undefined)
    throw new Error('A subscription is fuzzed over HTTP: give `base`.');
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
      const streamed =
        entry.type === 'subscription' && base !== undefined
          ? await sendSubscriptionAttempt(app, base, entry, attempt, cookie(), mountPath)
          : undefined;
      const response: Answer = streamed?.answer ?? (await sendAttempt(app, entry, attempt, cookie(), mountPath));
      const refused = streamed ? !streamed.opened : response.statusCode >= 400;
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
      expect(streamed?.problems.join('; ') ?? '', request).toBe('');
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
