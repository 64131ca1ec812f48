import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it, vi } from 'vitest';
import { httpRequest, startServer, trpcMutation } from '../test/server-process.ts';
import { scratchDir } from '../test/test-app.ts';

describe('a crash in the middle of writes', () => {
  it('keeps every acknowledged write: after SIGKILL and a restart, each sign-up that got a 200 is there and the file is intact', async () => {
    const file = join(scratchDir(), 'app.db');
    const env = { DATABASE_URL: `file:${file}` };
    const server = await startServer(env);

    const acknowledged: string[] = [];
    let sent = 0;
    let killed = false;
    // Eight clients, each sending sign-ups back to back, so some are always in flight.
    const client = async () => {
      while (!killed) {
        const email = `user${sent++}@example.com`;
        const answer = await trpcMutation(server.url, 'auth.signUp', { name: 'U', email }).catch(() => undefined);
        if (answer?.status === 200) acknowledged.push(email);
      }
    };
    const clients = Array.from({ length: 8 }, client);
    await vi.waitFor(
      () => {
        expect(acknowledged.length).toBeGreaterThanOrEqual(12);
      },
      { timeout: 20_000, interval: 10 },
    );
    killed = true;
    server.child.kill('SIGKILL');
    await Promise.all(clients);
    await server.exited;
    // Killed mid-burst: requests were in flight, and the log of commits (the WAL) was
    // left for the next start to recover.
    expect(sent).toBeGreaterThan(acknowledged.length);
    expect(existsSync(`${file}-wal`)).toBe(true);

    const restarted = await startServer(env);
    expect((await httpRequest(`${restarted.url}/readyz`)).status).toBe(200);
    const db = new Database(file, { readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const stored = new Set(
        (db.prepare('SELECT email FROM User').all() as { email: string }[]).map((row) => row.email),
      );
      expect(acknowledged.filter((email) => !stored.has(email))).toEqual([]);
    } finally {
      db.close();
    }
    restarted.child.kill('SIGTERM');
    expect((await restarted.exited).code).toBe(0);
  }, 90_000);
});
