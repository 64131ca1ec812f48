import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { latestMessageTo, linkIn } from '../email/outbox.ts';

/** Calls procedures over HTTP with `inject`, as a browser on the app's own origin would. */
export interface CallOptions {
  cookie?: string;
  authorization?: string;
  origin?: string;
}

export interface TrpcAnswer {
  status: number;
  data: unknown;
  appCode: string | undefined;
  setCookies: string[];
  response: LightMyRequestResponse;
}

const ORIGIN = 'http://localhost:3000';

function answer(response: LightMyRequestResponse): TrpcAnswer {
  const body = response.json<{
    result?: { data?: { json?: unknown } };
    error?: { json: { data: { appCode: string } } };
  }>();
  const setCookie = response.headers['set-cookie'];
  return {
    status: response.statusCode,
    data: body.result?.data?.json,
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
  };
}

export async function mutate(app: FastifyInstance, path: string, input?: unknown, options: CallOptions = {}) {
  return answer(
    await app.inject({
      method: 'POST',
      url: `/trpc/${path}`,
      headers: { ...headersOf(options), 'content-type': 'application/json' },
      payload: JSON.stringify(input === undefined ? {} : { json: input }),
    }),
  );
}

export async function query(app: FastifyInstance, path: string, input?: unknown, options: CallOptions = {}) {
  const search = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
  return answer(await app.inject({ method: 'GET', url: `/trpc/${path}${search}`, headers: headersOf(options) }));
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
