import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appRoot } from './paths.ts';
import { scratchDir, testDatabaseUrl } from './test/test-app.ts';

const baseEnv = () => ({
  ...process.env,
  NODE_OPTIONS: '',
  NODE_ENV: 'test',
  LOG_LEVEL: 'info',
  HOST: '127.0.0.1',
  CLIENT_DIST_DIR: join(scratchDir(), 'no-client'),
});

describe('main: start-up and shutdown', () => {
  it('stops at once with one line naming a malformed variable', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: appRoot,
      env: { ...baseEnv(), PORT: 'eighty' },
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual(['Invalid configuration: PORT must be a number (got "eighty")']);
  });

  it.each([
    [
      { EMAIL_TRANSPORT: 'smtp' },
      'Invalid configuration: SMTP_HOST must be set when EMAIL_TRANSPORT=smtp; EMAIL_FROM must be set when EMAIL_TRANSPORT=smtp',
    ],
    [
      { EMAIL_TRANSPORT: 'disabled' },
      'Invalid configuration: EMAIL_TRANSPORT must not be disabled: identity (verify-email, reset-password) send e-mail; use smtp, or log to keep them in the mailbox',
    ],
  ])('refuses to start with an e-mail set-up that cannot work: %j', (env, message) => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: appRoot,
      env: { ...baseEnv(), PORT: '0', DATABASE_URL: testDatabaseUrl(), MIGRATE_ON_START: 'false', ...env },
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([message]);
  });

  it('migrates a new database, listens, and exits 0 on SIGTERM after closing', async () => {
    const databaseUrl = `file:${join(scratchDir(), 'fresh.db')}`;
    const client = join(scratchDir(), 'client');
    mkdirSync(client);
    writeFileSync(join(client, 'index.html'), '<!doctype html><title>t</title>');
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: appRoot,
      env: { ...baseEnv(), PORT: '0', DATABASE_URL: databaseUrl, CLIENT_DIST_DIR: client },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const listening = new Promise<string>((resolve) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /Server listening at (http:\/\/[\d.:]+)/.exec(output);
        if (match?.[1]) resolve(match[1]);
      });
    });
    const url = await listening;
    expect(output).toContain('applied database migrations');
    expect((await fetch(`${url}/readyz`)).status).toBe(200);

    child.kill('SIGTERM');
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(0);
    expect(output).toContain('shutting down');
  });

  it('does not start on a test database without its client build in production', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: appRoot,
      env: { ...baseEnv(), NODE_ENV: 'production', PORT: '0', DATABASE_URL: testDatabaseUrl() },
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('npm run build');
  });
});
