import { describe, expect, inject, it } from 'vitest';
import { errorCatalogue } from '../../shared/errors.ts';
import { mutate, PASSWORD, query, signUpVerified } from '../test/http-client.ts';
import { dropDatabases } from '../test/postgresql-server.ts';
import { buildTestApp } from '../test/test-app.ts';

/**
 * The database the app runs on is dropped under it (an operator's mistake, a restore
 * gone wrong): every call that needs it answers the catalogue's UNAVAILABLE, as for
 * any outage, never INTERNAL, and nothing of the driver's message reaches the client.
 */
describe('a PostgreSQL database dropped under the running app', () => {
  it('answers sign-in and the viewer with 503 UNAVAILABLE, and /readyz with 503', async () => {
    const app = await buildTestApp();
    const cookie = await signUpVerified(app, 'ada@example.com');
    const name = new URL(app.services.config.DATABASE_URL).pathname.slice(1);

    const databases = inject('testDatabases');
    if (databases.engine !== 'postgresql') throw new Error('a PostgreSQL test ran on SQLite');
    await dropDatabases(databases.server, [name]);

    const signIn = await mutate(app, 'auth.signIn', { email: 'ada@example.com', password: PASSWORD });
    expect([signIn.status, signIn.appCode]).toEqual([503, 'UNAVAILABLE']);
    expect(signIn.response.json()).toMatchObject({ error: { json: { message: errorCatalogue.UNAVAILABLE.message } } });
    expect(signIn.response.body).not.toMatch(/prisma|does not exist|database "|P1003|3D000/i);

    const viewer = await query(app, 'auth.viewer', undefined, { cookie });
    expect([viewer.status, viewer.appCode]).toEqual([503, 'UNAVAILABLE']);
    const signUp = await mutate(app, 'auth.signUp', { name: 'Bo', email: 'bo@example.com', password: PASSWORD });
    expect([signUp.status, signUp.appCode]).toEqual([503, 'UNAVAILABLE']);
    expect((await app.inject('/readyz')).statusCode).toBe(503);
    // Signing up hashes a password: slow on a busy machine.
  }, 40_000);
});
