import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { product } from '../shared/product.ts';
import { appRoot } from '../server/paths.ts';
import { mutate, signUpVerified } from '../server/test/http-client.ts';
import { buildTestApp } from '../server/test/test-app.ts';
import { createScriptClient } from './script-client.ts';

async function runningServer() {
  const app = await buildTestApp();
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

describe('createScriptClient', () => {
  it('calls a running server with typed results, Dates included', async () => {
    const client = createScriptClient(await runningServer());
    const info = await client.system.info.query();
    expect(info.name).toBe(product.name);
    expect(info.startedAt).toBeInstanceOf(Date);
    const health = await client.system.health.query();
    expect(health.database.status).toBe('up');
  });

  it('sends the headers it is given on every call', async () => {
    const seen: string[] = [];
    const client = createScriptClient(await runningServer(), {
      headers: { 'x-script': 'nightly-report' },
      fetch: (input, init) => {
        seen.push(new Headers(init?.headers).get('x-script') ?? '');
        return fetch(input, init);
      },
    });
    await Promise.all([client.system.health.query(), client.system.info.query()]);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((value) => value === 'nightly-report')).toBe(true);
  });

  it('sends a query too long for a URL as POST, so the server answers it instead of refusing the URL', async () => {
    const methods: string[] = [];
    const client = createScriptClient(await runningServer(), {
      fetch: (input, init) => {
        methods.push(init?.method ?? 'GET');
        return fetch(input, init);
      },
    });
    await client.mailbox.messages.query({ recipient: 'ada' });
    // 20,000 characters: over Node's 16 KB header limit as a URL. The server then
    // answers with its own validation error (the recipient is too long), not a 431.
    await expect(client.mailbox.messages.query({ recipient: 'x'.repeat(20_000) })).rejects.toMatchObject({
      data: { appCode: 'VALIDATION_FAILED' },
    });
    expect(methods).toEqual(['GET', 'POST']);
  });

  it('surfaces a server error as a typed TRPCClientError with its code', async () => {
    const client = createScriptClient('http://127.0.0.1:9/');
    await expect(client.system.info.query()).rejects.toMatchObject({ name: 'TRPCClientError' });
  });
});

describe('createScriptClient and mutations', () => {
  it('sends a key with every mutation, and retries one whose answer the network lost: it runs once', async () => {
    const app = await buildTestApp({ FIRST_ADMIN_EMAIL: 'root@example.com' });
    const admin = await signUpVerified(app, 'root@example.com');
    await signUpVerified(app, 'member@example.com');
    const member = await app.db.user.findUniqueOrThrow({ where: { email: 'member@example.com' } });
    const created = await mutate(
      app,
      'admin.apiKeys.create',
      { name: 'role sync', permissions: ['update:users:any'], expiresInDays: null },
      { cookie: admin },
    );
    await app.listen({ host: '127.0.0.1', port: 0 });
    const sent: (string | null)[] = [];
    let lose = true;
    const client = createScriptClient(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, {
      apiKey: (created.data as { key: string }).key,
      fetch: async (input, init) => {
        sent.push(new Headers(init?.headers).get('idempotency-keys'));
        const response = await fetch(input, init);
        // The server ran the call; its answer is lost on the way back.
        if (lose) {
          lose = false;
          throw new TypeError('fetch failed');
        }
        return response;
      },
    });
    const changed = await client.admin.users.setDisabled.mutate({ userId: member.id, disabled: true });
    expect(changed).toMatchObject({ id: member.id, disabled: true });
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatch(/^"[0-9a-f-]{36}"$/);
    expect(sent[1]).toBe(sent[0]);
    // Once: one audit row, the second attempt answered from the first.
    expect(await app.db.auditEvent.count({ where: { procedure: 'admin.users.setDisabled' } })).toBe(1);

    // The next mutation gets a key of its own; a query none.
    await client.admin.users.setDisabled.mutate({ userId: member.id, disabled: false });
    await client.system.health.query();
    expect(sent[2]).toMatch(/^"[0-9a-f-]{36}"$/);
    expect(sent[2]).not.toBe(sent[0]);
    expect(sent[3]).toBeNull();
    expect(await app.db.auditEvent.count({ where: { procedure: 'admin.users.setDisabled' } })).toBe(2);
  });
});

describe('npm run script -- system-info', () => {
  // Asynchronous, so the server in this process keeps answering while the script runs.
  const run = async (args: string[], env: Record<string, string> = {}) => {
    try {
      const { stdout, stderr } = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', 'src/scripts/run-script.ts', ...args],
        { cwd: appRoot, env: { ...process.env, NODE_OPTIONS: '', ...env } },
      );
      return { status: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { status: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  };

  it('prints system.info from a running server', async () => {
    const result = await run(['system-info', '--url', await runningServer()]);
    expect(result.status).toBe(0);
    // Without an API key the script is a visitor: no build details.
    expect(JSON.parse(result.stdout)).toMatchObject({ name: product.name, build: null });
  });

  it('system-stats calls a permission-guarded procedure with the API key from APP_API_KEY', async () => {
    const app = await buildTestApp({ FIRST_ADMIN_EMAIL: 'root@example.com' });
    const admin = await signUpVerified(app, 'root@example.com');
    const created = await mutate(
      app,
      'admin.apiKeys.create',
      { name: 'stats script', permissions: ['read:system:any'], expiresInDays: null },
      { cookie: admin },
    );
    await app.listen({ host: '127.0.0.1', port: 0 });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const withKey = await run(['system-stats', '--url', url], { APP_API_KEY: (created.data as { key: string }).key });
    expect(withKey.status).toBe(0);
    expect(JSON.parse(withKey.stdout)).toMatchObject({ users: 1, apiKeys: 1 });
    const withoutKey = await run(['system-stats', '--url', url]);
    expect(withoutKey.status).toBe(1);
    expect(withoutKey.stderr).toContain('signed out');
  });

  it('lists the available scripts when the name is unknown', async () => {
    const result = await run(['../../etc/passwd']);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('system-info');
  });
});
