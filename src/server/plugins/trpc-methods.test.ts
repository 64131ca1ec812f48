import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/test-app.ts';

const TOKEN = 'a-metrics-token-of-some-length';

describe('HEAD on /trpc', () => {
  it('answers 405 METHOD_NOT_ALLOWED, naming GET and POST, without running the query', async () => {
    const app = await buildTestApp({ METRICS_TOKEN: TOKEN });
    const head = await app.inject({ method: 'HEAD', url: '/trpc/system.health' });
    expect(head.statusCode).toBe(405);
    expect(head.headers.allow).toBe('GET, POST');
    expect(head.headers['cache-control']).toBe('no-store');
    expect(head.headers['x-request-id']).toBeTruthy();
    expect(head.body).toBe(''); // HEAD has no body; the catalogue code is in the metric below

    expect((await app.inject({ method: 'HEAD', url: '/trpc/records.create,system.info?batch=1' })).statusCode).toBe(
      405,
    );

    const metrics = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(metrics.body).toMatch(/app_errors_total\{code="METHOD_NOT_ALLOWED"\} 2/);
    expect(metrics.body).not.toMatch(/app_errors_total\{code="INTERNAL"\}/);
    // No procedure ran: the health query was never timed.
    expect(metrics.body).not.toMatch(/procedure="system\.health"/);
  });

  it('leaves GET as it was', async () => {
    const app = await buildTestApp();
    expect((await app.inject({ url: '/trpc/system.health' })).statusCode).toBe(200);
  });
});
