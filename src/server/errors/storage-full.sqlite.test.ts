import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { errorCatalogue } from '../../shared/errors.ts';
import { mutate, PASSWORD } from '../test/http-client.ts';
import { buildTestApp } from '../test/test-app.ts';

/**
 * A full disk, made deterministic: SQLite refuses to grow the database past
 * `max_page_count` with the same SQLITE_FULL ("database or disk is full") a full disk
 * gives. The limit belongs to the connection, so it is set on the app's own one; a
 * limit below the current size is taken as the current size: not one page more.
 */
async function fillDisk(app: FastifyInstance): Promise<void> {
  await app.db.$queryRaw`PRAGMA max_page_count = 1`;
}

/** The operator grows the volume. */
async function freeSpace(app: FastifyInstance): Promise<void> {
  await app.db.$queryRaw`PRAGMA max_page_count = 1073741823`;
}

const signUp = (app: FastifyInstance, email: string) =>
  mutate(app, 'auth.signUp', { name: 'Ada', email, password: PASSWORD });

describe('a write on a full disk (SQLite)', () => {
  it('answers 503 STORAGE_FULL, /readyz says "storage full", and both recover once there is room', async () => {
    const app = await buildTestApp();
    expect((await app.inject('/readyz')).statusCode).toBe(200);

    await fillDisk(app);
    const refused = await signUp(app, 'ada@example.com');
    expect([refused.status, refused.appCode]).toEqual([503, 'STORAGE_FULL']);
    expect(refused.response.json()).toMatchObject({
      error: { json: { message: errorCatalogue.STORAGE_FULL.message } },
    });
    expect(refused.response.body).not.toMatch(/sqlite|prisma|disk is full|insert/i);

    const unready = await app.inject('/readyz');
    expect(unready.statusCode).toBe(503);
    expect(unready.json()).toMatchObject({ status: 'unready', reason: 'storage full' });
    // The process is fine: restarting it would not free any space.
    expect((await app.inject('/healthz')).statusCode).toBe(200);

    // No restart needed.
    await freeSpace(app);
    expect((await app.inject('/readyz')).statusCode).toBe(200);
    expect((await signUp(app, 'ada@example.com')).status).toBe(200);
  });
});
