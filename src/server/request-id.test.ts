import { describe, expect, it } from 'vitest';
import { PASSWORD } from './test/http-client.ts';
import { buildTestApp, buildTestAppWithLog } from './test/test-app.ts';

const ORIGIN = 'http://localhost:3000';

describe('request ids', () => {
  it('keep a well-formed incoming X-Request-Id: in the answer, the error body, the log and the outbox row', async () => {
    const { app, lines } = await buildTestAppWithLog({ LOG_LEVEL: 'info' });
    const id = 'edge-4f1c2a9b-0001';
    const refused = await app.inject({ url: '/trpc/system.stats', headers: { 'x-request-id': id } });
    expect(refused.headers['x-request-id']).toBe(id);
    expect(refused.json()).toMatchObject({ error: { json: { data: { requestId: id } } } });
    expect(lines.some((line) => (JSON.parse(line) as { reqId?: string }).reqId === id)).toBe(true);

    const signUpId = 'edge-4f1c2a9b-0002';
    await app.inject({
      method: 'POST',
      url: '/trpc/auth.signUp',
      headers: { 'x-request-id': signUpId, origin: ORIGIN, 'content-type': 'application/json' },
      payload: JSON.stringify({ json: { name: 'Ada', email: 'ada@example.com', password: PASSWORD } }),
    });
    const row = await app.services.db.emailOutbox.findFirstOrThrow({ where: { recipient: 'ada@example.com' } });
    expect(row.requestId).toBe(signUpId);
  });

  it.each([
    ['too short', 'abc'],
    ['a log-injection attempt', 'x\nlevel=fatal msg=forged'],
    ['markup', '<script>alert(1)</script>'],
    ['too long', 'a'.repeat(200)],
  ])('replace an incoming id that is %s with a fresh one', async (_case, incoming) => {
    const app = await buildTestApp();
    const response = await app.inject({ url: '/healthz', headers: { 'x-request-id': incoming } });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
