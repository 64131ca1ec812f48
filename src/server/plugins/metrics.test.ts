import { describe, expect, it } from 'vitest';
import { freePort } from '../test/free-port.ts';
import { errorCatalogue } from '../../shared/errors.ts';
import type { Config } from '../config.ts';
import { fakeClientBuild } from '../test/fake-client-build.ts';
import { mutate, query } from '../test/http-client.ts';
import { buildTestApp, testEngine } from '../test/test-app.ts';

const TOKEN = 'a-metrics-token-of-some-length';

describe('/metrics', () => {
  it('does not exist unless configured, and then nothing is recorded', async () => {
    const app = await buildTestApp();
    expect((await app.inject('/metrics')).statusCode).toBe(404);
    expect(app.services.metrics.registry).toBeUndefined();
    // Every place that records still runs: a call, an error at the edge, a failed procedure.
    expect((await query(app, 'system.health')).status).toBe(200);
    expect((await query(app, 'system.nope')).status).toBe(404);
    expect((await app.inject('/no-such-path')).statusCode).toBe(404);
  });

  it('needs the token, and then shows request, procedure, error, rate-limit, outbox and event-loop figures', async () => {
    const app = await buildTestApp({ METRICS_TOKEN: TOKEN, AUTH_RATE_LIMIT: 1 });
    expect((await app.inject('/metrics')).statusCode).toBe(401);
    expect(
      (await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${'x'.repeat(TOKEN.length)}` } }))
        .statusCode,
    ).toBe(401);

    await query(app, 'system.health');
    await query(app, 'auth.viewer');
    await mutate(app, 'auth.signUp', { name: 'Ada', email: 'ada@example.com' });
    await mutate(app, 'auth.signUp', { name: 'Bob', email: 'bob@example.com' });
    await app.outbox.deliverDue();
    // Errors answered at the edges, before any procedure: Fastify's 404 and 415, and tRPC's unknown procedure.
    expect((await app.inject('/no-such-path')).statusCode).toBe(404);
    expect((await query(app, 'system.nope')).status).toBe(404);
    const unsupported = await app.inject({
      method: 'POST',
      url: '/trpc/auth.signUp',
      headers: { 'content-type': 'text/plain', origin: 'http://localhost:3000' },
      payload: 'hello',
    });
    expect(unsupported.statusCode).toBe(415);

    const response = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const text = response.body;
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/trpc\/:path",status_code="200"\} \d+/,
    );
    expect(text).toMatch(
      /trpc_procedure_duration_seconds_count\{procedure="system.health",type="query",outcome="ok"\} 1/,
    );
    expect(text).toMatch(
      /trpc_procedure_duration_seconds_count\{procedure="auth.signUp",type="mutation",outcome="RATE_LIMITED"\} 1/,
    );
    expect(text).toMatch(/app_errors_total\{code="RATE_LIMITED"\} 1/);
    expect(text).toMatch(/app_errors_total\{code="NOT_FOUND"\} 2/);
    expect(text).toMatch(/app_errors_total\{code="UNSUPPORTED_MEDIA_TYPE"\} 1/);
    // The two refused scrapes above.
    expect(text).toMatch(/app_errors_total\{code="UNAUTHENTICATED"\} 2/);
    expect(text).toMatch(/rate_limit_hits_total\{scope="auth.signUp"\} 1/);
    expect(text).toMatch(/email_outbox_messages\{status="sent"\} 1/);
    expect(text).toMatch(/email_outbox_messages\{status="failed"\} 0/);
    expect(text).toMatch(/email_delivery_attempts_total\{outcome="sent"\} 1/);
    expect(text).toMatch(/nodejs_eventloop_lag_seconds \d/);
    // The wait for SQLite's one connection; PostgreSQL's pool waits inside the driver.
    if (testEngine() === 'sqlite') expect(text).toMatch(/db_connection_wait_seconds_count [1-9]\d*/);
  });

  it('can be served on a port of its own instead, without a token', async () => {
    const port = await freePort();
    const app = await buildTestApp({ METRICS_PORT: port, HOST: '127.0.0.1' });
    await app.ready();
    const response = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('process_cpu_seconds_total');
    expect((await app.inject('/metrics')).statusCode).toBe(404);
  });
});

/** The app as production serves it: with the client build, whose HTML shell answers page navigations. */
const withClient = (overrides: Partial<Config>) =>
  buildTestApp({ CLIENT_DIST_DIR: fakeClientBuild(), ...overrides }, { client: 'static' });

/** A scraper without the token, and a person typing the address into a browser. */
const askers = [{}, { accept: 'text/html,application/xhtml+xml' }];

describe('/metrics never answers with the HTML shell', () => {
  it.each([
    ['metrics are off', {}],
    ['metrics are served on a port of their own', { METRICS_PORT: 1 }],
  ] as const)('is a catalogue 404 on the app’s port when %s', async (_name, overrides) => {
    // Not ready: a METRICS_PORT is only listened on once the app is.
    const app = await withClient(overrides);
    for (const headers of askers) {
      const response = await app.inject({ url: '/metrics', headers });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.json()).toEqual({
        error: {
          code: 'NOT_FOUND',
          message: 'Nothing is served at GET /metrics.',
          requestId: response.headers['x-request-id'],
        },
      });
    }
    expect((await app.inject('/metrics/anything')).statusCode).toBe(404);
  });

  it('is a catalogue 401 without the right token', async () => {
    const app = await withClient({ METRICS_TOKEN: TOKEN });
    for (const headers of [...askers, { authorization: `Bearer ${'x'.repeat(TOKEN.length)}` }]) {
      const response = await app.inject({ url: '/metrics', headers });
      expect(response.statusCode).toBe(401);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.json()).toEqual({
        error: {
          code: 'UNAUTHENTICATED',
          message: errorCatalogue.UNAUTHENTICATED.message,
          requestId: response.headers['x-request-id'],
        },
      });
    }
    const scraped = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(scraped.statusCode).toBe(200);
  });
});
