import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { product } from '../../../shared/product.ts';
import { appRoot } from '../../paths.ts';
import { callerAs, createTestCaller, testEngine } from '../../test/test-app.ts';

describe('system router', () => {
  it('health: makes a database round trip and reports its latency', async () => {
    const { caller } = await createTestCaller();
    const health = await caller.system.health();
    expect(health.status).toBe('ok');
    expect(health.database.status).toBe('up');
    expect(health.database.latencyMs).toBeGreaterThanOrEqual(0);
    expect(health.checkedAt).toBeInstanceOf(Date);
  });

  it('health: reports a database that does not answer as down, without throwing', async () => {
    const { services } = await createTestCaller();
    const failingDb = Object.assign(Object.create(services.db) as typeof services.db, {
      $queryRaw: () => Promise.reject(new Error('SQLITE_IOERR: disk I/O error')),
    });
    const { caller } = await createTestCaller({ db: failingDb });
    const health = await caller.system.health();
    expect(health).toMatchObject({ status: 'degraded', database: { status: 'down' } });
  });

  it('info: names the product and its uptime, and gives an anonymous caller no build details', async () => {
    const { caller } = await createTestCaller();
    const info = await caller.system.info();
    expect(info).toMatchObject({
      name: product.name,
      description: product.description,
      audience: product.audience,
      build: null,
    });
    expect(info.startedAt).toBeInstanceOf(Date);
    expect(info.uptimeSeconds).toBeGreaterThanOrEqual(0);
    // Nowhere in the answer: not the commit, not the database's engine or version.
    const { commit } = (await createTestCaller()).services.buildInfo;
    const answer = JSON.stringify(info);
    expect(answer).not.toContain(commit);
    expect(answer).not.toMatch(/sqlite|postgres|"version"/i);
  });

  it('info: gives a member no build details either', async () => {
    const { caller } = await callerAs('member');
    expect((await caller.system.info()).build).toBeNull();
  });

  it('info: gives an admin (read:system:any) the version, commit and database engine', async () => {
    const { caller } = await callerAs('admin');
    const pkg = JSON.parse(readFileSync(join(appRoot, 'package.json'), 'utf8')) as { version: string };
    const { build } = await caller.system.info();
    expect(build).toMatchObject({ version: pkg.version, database: { engine: testEngine() } });
    expect(build?.database.version).toMatch(testEngine() === 'sqlite' ? /^3\.\d+\.\d+$/ : /^\d+\.\d+/);
    expect(build?.commit).toMatch(/^([0-9a-f]{40}|unknown)$/);
  });
});
