import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import SuperJSON, { type SuperJSONResult } from 'superjson';
import { expect } from 'vitest';
import { latestMessageTo, linkIn } from '../email/outbox.ts';

/**
 * Calls procedures over HTTP with `inject`, as a browser on the app's own origin would:
 * inputs go through superjson as the client's link sends them (a Date keeps its type in
 * `meta`), and answers come back through it (a Date field is a Date). A test that sends
 * a body no client would send says so: `mutateRawBody`, `queryRawInput`.
 */
export interface CallOptions {
  cookie?: string;
  authorization?: string;
  origin?: string;
  /** Where the router is mounted: `/trpc`, unless a test mounts a router of its own elsewhere. */
  mountPath?: string;
  /** More request headers, such as `idempotency-key`. */
  headers?: Record<string, string>;
}

export interface TrpcAnswer {
  status: number;
  data: unknown;
  appCode: string | undefined;
  setCookies: string[];
  response: LightMyRequestResponse;
}

const ORIGIN = 'http://localhost:3000';

interface TrpcBody {
  result?: { data?: SuperJSONResult };
  error?: { json: { data: { appCode: string } } };
}

/** The answer's JSON; nothing for a body that is not JSON (a raw request may earn one). */
function parsedBody(response: LightMyRequestResponse): TrpcBody {
  try {
    return response.json<TrpcBody | null>() ?? {};
  } catch {
    return {};
  }
}

function answer(response: LightMyRequestResponse): TrpcAnswer {
  const body = parsedBody(response);
  const setCookie = response.headers['set-cookie'];
  const result = body.result?.data;
  return {
    status: response.statusCode,
    data: result === undefined ? undefined : SuperJSON.deserialize(result),
    appCode: body.error?.json.data.appCode,
    setCookies: setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie],
    response,
  };
}

function headersOf(options: CallOptions): Record<string, string> {
  return {
    ...(options.cookie ? { cookie: options.cookie } : {}),
    ...(options.authorization ? { authorization: options.authorization } : {}),
    origin: options.origin ?? ORIGIN,
    ...options.headers,
  };
}

/** The input as tRPC's client sends it with superjson: `{ json, meta }`, or `{}` for none. */
function wireText(input: unknown): string {
  return JSON.stringify(input === undefined ? {} : SuperJSON.serialize(input));
}

export async function mutate(app: FastifyInstance, path: string, input?: unknown, options: CallOptions = {}) {
  return mutateRawBody(app, path, wireText(input), options);
}

export async function query(app: FastifyInstance, path: string, input?: unknown, options: CallOptions = {}) {
  return queryRawInput(app, path, input === undefined ? undefined : wireText(input), options);
}

/** A mutation whose body is `body` as it is: for a test that sends what no client would (no `meta`, malformed JSON). */
export async function mutateRawBody(app: FastifyInstance, path: string, body: string, options: CallOptions = {}) {
  return answer(
    await app.inject({
      method: 'POST',
      url: `${options.mountPath ?? '/trpc'}/${path}`,
      headers: { ...headersOf(options), 'content-type': 'application/json' },
      payload: body,
    }),
  );
}

/** A query whose `input` parameter is `input` as it is (encoded for the URL), or absent. */
export async function queryRawInput(
  app: FastifyInstance,
  path: string,
  input: string | undefined,
  options: CallOptions = {},
) {
  const search = input === undefined ? '' : `?input=${encodeURIComponent(input)}`;
  const url = `${options.mountPath ?? '/trpc'}/${path}${search}`;
  return answer(await app.inject({ method: 'GET', url, headers: headersOf(options) }));
}

/**
 * An answer's body without its request id, which differs on every call: two answers
 * that compare equal tell a client nothing apart.
 */
export function comparableBody(result: TrpcAnswer): string {
  return JSON.stringify(result.response.json()).replace(/"requestId":"[^"]+"/, '');
}

/** `name=value` of the session cookie a response set, for the next request's Cookie header. */
export function sessionCookie(result: TrpcAnswer): string {
  const cookie = result.setCookies.find((value) => value.includes('session_token=') && !/Max-Age=0/i.test(value));
  expect(cookie, 'a session cookie').toBeDefined();
  return String(cookie).split(';')[0] ?? '';
}

/**
 * The token in the link of the newest e-mail of a template to an address, read from
 * the outbox once the work requests handed on has settled (a reset e-mail is queued
 * after the answer).
 */
export async function recordedLinkToken(app: FastifyInstance, to: string, template: 'verify-email' | 'reset-password') {
  await app.services.background.settled();
  const message = await latestMessageTo(app.services.db, to, template);
  expect(message, `an e-mail ${template} to ${to}`).toBeTruthy();
  const link = linkIn(message?.text ?? '', `/${template}`);
  expect(link, `a /${template} link in the e-mail`).toBeDefined();
  return link?.searchParams.get('token') ?? '';
}

export const PASSWORD = 'correct horse battery staple';

/** Signs up, follows the verification link choosing `PASSWORD`, and returns the session cookie. */
export async function signUpVerified(app: FastifyInstance, email: string, name = email.split('@')[0] ?? 'User') {
  const signedUp = await mutate(app, 'auth.signUp', { name, email });
  expect(signedUp.status, JSON.stringify(signedUp.response.json())).toBe(200);
  const verified = await mutate(app, 'auth.verifyEmail', {
    token: await recordedLinkToken(app, email, 'verify-email'),
    password: PASSWORD,
  });
  expect(verified.status).toBe(200);
  return sessionCookie(verified);
}
