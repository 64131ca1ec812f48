import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRoot } from '../paths.ts';
import { ADA, liveServerWithKey } from '../test/api-key-server.ts';

/**
 * The curl and Python examples of docs/api.md, read from the doc and
 * run against a live server, so the doc cannot drift from what the server answers. The
 * server runs in this process: the commands run asynchronously, leaving it free to answer.
 */
const run = promisify(execFile);
const doc = readFileSync(join(appRoot, 'docs/api.md'), 'utf8');
const blocks = (language: string) =>
  [...doc.matchAll(/^```(\w+)\n([\s\S]*?)^```$/gm)]
    .filter((match) => match[1] === language)
    .map((match) => match[2] ?? '');

/** A JSON value with every leaf replaced by its type: what an example answer and a real one must share. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shape);
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, shape(inner)]));
  return value === null ? 'null' : typeof value;
}

describe('docs/api.md, run against a live server', () => {
  let server: Awaited<ReturnType<typeof liveServerWithKey>>;
  let folder = '';
  let env: NodeJS.ProcessEnv = {};
  const [openapi = '', list = '', setRole = '', refused = '', live = ''] = blocks('sh');
  const [listAnswer = '', refusedAnswer = ''] = blocks('json');

  beforeAll(async () => {
    server = await liveServerWithKey(['read:users:any', 'update:users:any']);
    folder = mkdtempSync(join(tmpdir(), 'api-docs-'));
    // What the commands need, and no proxy settings of the machine's in the way of a loopback call.
    const { PATH, HOME, PYENV_ROOT } = process.env;
    env = { PATH, HOME, PYENV_ROOT, APP_URL: server.url, APP_API_KEY: server.key, USER_ID: server.adaId };
  });
  afterAll(() => {
    rmSync(folder, { recursive: true, force: true });
  });

  const sh = async (script: string) =>
    (await run('bash', ['-euo', 'pipefail', '-c', script], { cwd: folder, env })).stdout;

  it('has the five curl examples and their two shown answers', () => {
    expect(blocks('sh')).toHaveLength(5);
    expect(blocks('json')).toHaveLength(2);
    for (const block of blocks('sh')) expect(block).toMatch(/^curl /);
  });

  it('curl: fetches the document with the key', async () => {
    await sh(openapi);
    const document = JSON.parse(readFileSync(join(folder, 'openapi.json'), 'utf8')) as { paths: object };
    expect(Object.keys(document.paths)).toContain('/trpc/admin.users.list');
  });

  it('curl: the query answers as the doc shows', async () => {
    const answer = JSON.parse(await sh(list)) as { result: { data: { json: { items: { email: string }[] } } } };
    expect(answer.result.data.json.items.map((person) => person.email)).toEqual([ADA.email]);
    expect(shape(answer)).toEqual(shape(JSON.parse(listAnswer)));
  });

  it('curl: the mutation changes the role', async () => {
    const answer = JSON.parse(await sh(setRole)) as { result: { data: { json: { id: string; role: string } } } };
    expect(answer.result.data.json).toMatchObject({ id: server.adaId, role: 'admin' });
  });

  it('curl: the error answers 400 VALIDATION_FAILED as the doc shows', async () => {
    const output = await sh(refused);
    const [body = '', status = ''] = output.trim().split('\nHTTP ');
    expect(status).toBe('400');
    const answer = JSON.parse(body) as { error: { json: { data: { appCode: string } } } };
    expect(answer.error.json.data.appCode).toBe('VALIDATION_FAILED');
    expect(shape(answer)).toEqual(shape(JSON.parse(refusedAnswer)));
  });

  it('curl: the live stream opens as the doc describes', async () => {
    // The stream never ends by itself: curl stops it after two seconds (its exit code 28).
    const output = await sh(`${live.trim().replace(/^curl /, 'curl --max-time 2 ')} || [ $? -eq 28 ]`);
    const events = output.split('\n\n').filter(Boolean);
    expect(events[0]).toMatch(/^event: connected$/m);
    expect(events[1]).toMatch(/^id: \S+$/m);
    expect(events[1]).toMatch(/^data: \{"json":\{"kind":"ready"/m);
  });

  it("Python's standard library: the same three calls", async () => {
    const [script = ''] = blocks('python');
    const file = join(folder, 'example.py');
    writeFileSync(file, script);
    const { stdout } = await run('python3', [file], { cwd: folder, env });
    const lines = stdout.trim().split('\n');
    expect(lines[0]).toBe(`found ['${ADA.email}']`);
    expect(lines[1]).toBe('role admin');
    expect(lines[2]).toMatch(/^refused VALIDATION_FAILED \(HTTP 400\): \{'role': \[/);
  });
});
