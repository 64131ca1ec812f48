import { describe, expect, it } from 'vitest';
import { identityLifetimes } from '../../../shared/constants.ts';
import { buildTestApp } from '../../test/test-app.ts';
import { mutate, PASSWORD, query, sessionCookie, signUpVerified } from '../../test/http-client.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('sliding sessions: only a state change extends one', () => {
  it('a query leaves a two-day-old session as it is; a mutation extends it and re-issues the cookie', async () => {
    const app = await buildTestApp();
    const cookie = await signUpVerified(app, 'slide@example.com');
    const other = sessionCookie(await mutate(app, 'auth.signIn', { email: 'slide@example.com', password: PASSWORD }));
    // Backdate the first session by two days (past the one-day update age).
    const thisDevice = (await query(app, 'auth.sessions.list', undefined, { cookie })).data as {
      id: string;
      current: boolean;
    }[];
    const id = thisDevice.find((session) => session.current)?.id;
    const expiresAt = new Date(Date.now() + (identityLifetimes.sessionDays - 2) * DAY_MS);
    await app.db.session.update({ where: { id }, data: { expiresAt, updatedAt: new Date(Date.now() - 2 * DAY_MS) } });
    const stored = () => app.db.session.findUniqueOrThrow({ where: { id }, select: { expiresAt: true } });

    const read = await query(app, 'auth.sessions.list', undefined, { cookie });
    expect(read.status).toBe(200);
    expect(read.setCookies).toEqual([]);
    expect((await stored()).expiresAt).toEqual(expiresAt);
    // A query sent by POST (a long input) is still a query.
    const readByPost = await mutate(app, 'auth.viewer', undefined, { cookie });
    expect(readByPost.data).toMatchObject({ email: 'slide@example.com' });
    expect(readByPost.setCookies).toEqual([]);
    expect((await stored()).expiresAt).toEqual(expiresAt);

    const otherId = (read.data as { id: string; current: boolean }[]).find((session) => !session.current)?.id;
    const change = await mutate(app, 'auth.sessions.revoke', { id: otherId }, { cookie });
    expect(change.status).toBe(200);
    const extended = (await stored()).expiresAt.getTime();
    expect(extended).toBeGreaterThan(Date.now() + (identityLifetimes.sessionDays - 1) * DAY_MS);
    // The browser keeps the cookie as long as the server keeps the session.
    const reissued = change.setCookies.find((value) => value.includes('session_token='));
    expect(reissued).toMatch(new RegExp(`Max-Age=${identityLifetimes.sessionDays * 24 * 60 * 60}\\b`));
    expect((await query(app, 'auth.viewer', undefined, { cookie: sessionCookie(change) })).data).toMatchObject({
      email: 'slide@example.com',
    });
    expect((await query(app, 'auth.viewer', undefined, { cookie: other })).data).toBeNull();
  });
});
