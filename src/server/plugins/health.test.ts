import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/test-app.ts';

describe('/readyz follows the database without a restart', () => {
  // A SQLite file the process already has open cannot be made unreachable from outside
  // (a second connection cannot lock readers out in WAL mode; a deleted or chmod-ed file
  // stays readable through the open handle), so the failure is a stand-in here.
  it('answers 503 while database queries fail, and 200 again once they succeed; /healthz stays 200', async () => {
    const app = await buildTestApp();
    const real = app.db.$queryRaw.bind(app.db);
    let reachable = false;
    app.db.$queryRaw = ((...args: Parameters<typeof real>) =>
      reachable ? real(...args) : Promise.reject(new Error('disk I/O error'))) as typeof real;

    const down = await app.inject('/readyz');
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ status: 'unready', reason: 'database unavailable' });
    // The process itself is fine: restarting it would not bring the database back.
    expect((await app.inject('/healthz')).statusCode).toBe(200);

    reachable = true;
    expect((await app.inject('/readyz')).statusCode).toBe(200);
  });
});
