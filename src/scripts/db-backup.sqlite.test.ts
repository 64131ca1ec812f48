import { execFile } from 'node:child_process';
import { copyFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { sqliteFileFromUrl } from '../server/db/sqlite-url.ts';
import { linkIn } from '../server/email/outbox.ts';
import { appRoot } from '../server/paths.ts';
import { PASSWORD } from '../server/test/http-client.ts';
import { appCodeOf, startServer, trpcMutation, type ServerProcess } from '../server/test/server-process.ts';
import { scratchDir, testDatabaseUrl } from '../server/test/test-app.ts';

function backup(databaseUrl: string, target: string) {
  return promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/scripts/db-backup.ts', target], {
    cwd: appRoot,
    env: { ...process.env, NODE_OPTIONS: '', DATABASE_URL: databaseUrl },
  });
}

async function signUp(server: ServerProcess, email: string) {
  const answer = await trpcMutation(server.url, 'auth.signUp', { name: 'Backed Up', email });
  expect(answer.status, answer.body).toBe(200);
}

/** The newest verification link's token to `email`, read from the live database's outbox. */
function verificationToken(file: string, email: string) {
  const db = new Database(file, { readonly: true });
  try {
    const row = db
      .prepare<[string], { text: string }>(
        "SELECT text FROM EmailOutbox WHERE recipient = ? AND template = 'verify-email' ORDER BY createdAt DESC LIMIT 1",
      )
      .get(email);
    return linkIn(row?.text ?? '', '/verify-email')?.searchParams.get('token');
  } finally {
    db.close();
  }
}

/** Follows the newest verification link to `email`, choosing `PASSWORD`: the account can then sign in. */
async function confirm(server: ServerProcess, file: string, email: string) {
  const token = verificationToken(file, email);
  const answer = await trpcMutation(server.url, 'auth.verifyEmail', { token, password: PASSWORD });
  expect(answer.status, answer.body).toBe(200);
}

/** What sign-in answers for a confirmed account: it exists (no error) or it does not (401). */
async function signInCode(server: ServerProcess, email: string) {
  return appCodeOf(await trpcMutation(server.url, 'auth.signIn', { email, password: PASSWORD }));
}

describe('npm run db:backup', () => {
  it('refuses to overwrite an existing file', async () => {
    const target = join(scratchDir(), 'backup.db');
    writeFileSync(target, 'an older backup');
    const failed = await backup(await testDatabaseUrl(), target).catch((error: unknown) => error);
    expect(failed).toMatchObject({ code: 1, stderr: expect.stringContaining('Not overwriting') as unknown });
    expect(readFileSync(target, 'utf8')).toBe('an older backup');
  });

  it('copies the database while the server writes to it, and restoring the copy serves what it held', async () => {
    const env = { DATABASE_URL: await testDatabaseUrl() };
    const file = sqliteFileFromUrl(env.DATABASE_URL);
    const server = await startServer(env);
    const before = ['a', 'b', 'c'].map((name) => `${name}@example.com`);
    for (const email of before) await signUp(server, email);
    await confirm(server, file, before[0] ?? '');

    // Two clients keep signing people up for as long as the backup runs.
    let writing = true;
    const duringBackup: number[] = [];
    let next = 0;
    const client = async () => {
      while (writing) {
        const answer = await trpcMutation(server.url, 'auth.signUp', {
          name: 'Meanwhile',
          email: `meanwhile${next++}@example.com`,
        });
        if (answer.status === 200) duringBackup.push(Date.now());
      }
    };
    const clients = [client(), client()];
    await new Promise((resolve) => setTimeout(resolve, 300));
    const target = join(scratchDir(), 'backup.db');
    const started = Date.now();
    const { stdout } = await backup(env.DATABASE_URL, target);
    const finished = Date.now();
    writing = false;
    await Promise.all(clients);
    expect(stdout).toMatch(new RegExp(`Backed up .+ to ${target}: \\d+ bytes, integrity ok`));
    // The server generated its session secret beside the database: the backup names it.
    expect(stdout).toContain(`Keep ${join(dirname(file), '.auth-secret')} with it`);
    expect(duringBackup.some((at) => at >= started && at <= finished)).toBe(true);
    const after = 'after@example.com';
    await signUp(server, after);
    await confirm(server, file, after);
    expect(await signInCode(server, after)).toBeUndefined();

    const copy = new Database(target, { readonly: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      const emails = (copy.prepare('SELECT email FROM User').all() as { email: string }[]).map((row) => row.email);
      expect(emails).toEqual(expect.arrayContaining(before));
      expect(emails).not.toContain(after);
    } finally {
      copy.close();
    }

    // Restore: stop the server, put the copy in the database's place, start again.
    server.child.kill('SIGTERM');
    expect((await server.exited).code).toBe(0);
    copyFileSync(target, file);
    for (const leftover of [`${file}-wal`, `${file}-shm`]) rmSync(leftover, { force: true });
    const restored = await startServer(env);
    expect(await signInCode(restored, before[0] ?? '')).toBeUndefined();
    expect(await signInCode(restored, after)).toBe('INVALID_CREDENTIALS');
    restored.child.kill('SIGTERM');
    expect((await restored.exited).code).toBe(0);
  }, 90_000);
});
