import { errorCatalogue } from '../../shared/errors.ts';

/** An HTTP answer as `inject`, `fetch` or a raw socket read it. */
export interface Answer {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

/**
 * What an answer must never show: a stack frame, a file path of the server or its
 * dependencies, SQL, the ORM's name or the database's errors. Each would tell an attacker how the server
 * is built (OWASP ASVS 5, V16.5.1).
 */
const LEAK_MARKERS: readonly [string, RegExp][] = [
  ['a stack frame', /\n\s+at \S|\bat [^\s()]+ \(.*:\d+:\d+\)/],
  ['a server path', /\/work\//],
  ['node_modules', /node_modules/],
  ['a TypeScript file position', /\.ts:\d/],
  ['a file URL', /file:\/\//],
  ['SQL', /\bSELECT\b|\bINSERT\b|\bUPDATE "|\bDELETE FROM\b/],
  ['the ORM', /prisma/i],
  // SQLite's own errors (SqliteError, SQLITE_BUSY, sqlite_master, "no such table"). Not a
  // bare /sqlite/i: system.info tells an admin the engine's name ("engine":"sqlite").
  ['SQLite', /sqliteerror|sqlite_|no such (?:table|column)/i],
];

/**
 * The markers found in a body. A marker the request itself carried is an echo of
 * the caller's own input (a path in "Nothing is served at …"), not a leak.
 */
export function leaksIn(body: string, request = ''): string[] {
  return LEAK_MARKERS.filter(([, pattern]) => pattern.test(body) && !pattern.test(request)).map(([name]) => name);
}

interface ErrorBody {
  error?: { json?: { data?: { appCode?: unknown; requestId?: unknown } }; code?: unknown; requestId?: unknown };
}

/** The catalogue code and request id of one error body, in tRPC's envelope or the plain `{ error }` shape. */
function errorFields(body: ErrorBody): { appCode: unknown; requestId: unknown } {
  const data = body.error?.json?.data;
  return data
    ? { appCode: data.appCode, requestId: data.requestId }
    : { appCode: body.error?.code, requestId: body.error?.requestId };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export interface AnswerRules {
  /** The request as text (URL and body), so an echo of it is not taken for a leak. */
  request?: string;
  /** A placeholder procedure answers the catalogue's NOT_IMPLEMENTED (501) for valid input. */
  placeholder?: boolean;
  /** The codes the procedure may answer (`possibleErrors` of its meta): any other makes its declared errors a lie. */
  declared?: ReadonlySet<string>;
}

/**
 * Everything wrong with an answer, as sentences (empty when it is sound): a 5xx, a
 * leak, or an error body without a catalogue code and the request id the
 * X-Request-Id header names. Batch answers are checked call by call.
 */
export function answerProblems(answer: Answer, rules: AnswerRules = {}): string[] {
  const problems: string[] = [];
  const parsed = parseJson(answer.body);
  const items = (Array.isArray(parsed) ? parsed : [parsed]) as (ErrorBody | undefined)[];
  const errors = items.filter((item) => item?.error !== undefined);
  const notImplemented =
    rules.placeholder === true &&
    answer.statusCode === 501 &&
    errors.every((item) => item && errorFields(item).appCode === 'NOT_IMPLEMENTED');
  if (answer.statusCode >= 500 && !notImplemented) problems.push(`status ${answer.statusCode}`);
  for (const leak of leaksIn(answer.body, rules.request)) problems.push(`the body shows ${leak}`);
  if (answer.statusCode >= 400) {
    if (parsed === undefined) return [...problems, `an error body that is not JSON: ${answer.body.slice(0, 200)}`];
    if (errors.length === 0) problems.push(`an error status with no error in the body: ${answer.body.slice(0, 200)}`);
  }
  // A batch answers 207 when some calls fail: each failed call is an error body of its own.
  const headerId = answer.headers['x-request-id'];
  for (const item of errors) {
    const { appCode, requestId } = errorFields(item ?? {});
    if (typeof appCode !== 'string' || !Object.hasOwn(errorCatalogue, appCode)) {
      problems.push(`no catalogue appCode (got ${JSON.stringify(appCode)}) in ${answer.body.slice(0, 200)}`);
    }
    if (rules.declared && typeof appCode === 'string' && !rules.declared.has(appCode)) {
      problems.push(`${appCode} is not among the errors the procedure declares`);
    }
    if (typeof requestId !== 'string' || requestId === '') {
      problems.push(`no requestId in ${answer.body.slice(0, 200)}`);
    } else if (requestId !== headerId) {
      problems.push(`requestId ${requestId} differs from X-Request-Id ${String(headerId)}`);
    }
  }
  return problems;
}
