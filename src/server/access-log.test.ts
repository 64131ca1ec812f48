import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { query } from './test/http-client.ts';
import { buildTestAppWithLog } from './test/test-app.ts';
import { AccessLog } from './access-log.ts';

type Line = Record<string, unknown>;
const parsed = (lines: string[]) => lines.map((line) => JSON.parse(line) as Line);

describe('the access log', () => {
  it('writes one line per request at info: method, URL, status, time and the request id', async () => {
    const { app, lines } = await buildTestAppWithLog({ LOG_LEVEL: 'info' });
    const answer = await app.inject({ url: '/no-such-page', headers: { 'x-request-id': 'req-access-log-1' } });
    await query(app, 'system.health');

    const access = parsed(lines).filter((line) => line.msg === 'request completed');
    expect(access).toHaveLength(2);
    expect(access[0]).toMatchObject({
      level: 30,
      reqId: 'req-access-log-1',
      method: 'GET',
      url: '/no-such-page',
      statusCode: answer.statusCode,
    });
    expect(access[0]?.responseTime).toBeTypeOf('number');
    expect(access[1]).toMatchObject({ url: '/trpc/system.health', statusCode: 200 });
    expect(parsed(lines).filter((line) => line.msg === 'incoming request')).toEqual([]);
  });

  it('also logs each arrival at debug, before the request is answered', async () => {
    const { app, lines } = await buildTestAppWithLog({ LOG_LEVEL: 'debug' });
    await query(app, 'system.health');
    const messages = parsed(lines)
      .filter((line) => line.msg === 'incoming request' || line.msg === 'request completed')
      .map((line) => [line.msg, line.level]);
    expect(messages).toEqual([
      ['incoming request', 20],
      ['request completed', 30],
    ]);
  });

  it("writes the line the request's own logger would, for any URL and request id", async () => {
    const { app, lines } = await buildTestAppWithLog({ LOG_LEVEL: 'info' });
    const accessLog = new AccessLog();
    const urls = [
      '/trpc/auth.viewer',
      '/a?input={"json":{"x":"é\\n\\u2028"}}',
      '/\u0000\ttab',
      '/%F0%9F%98%80/😀',
      '/a?password=x',
    ];
    for (const [index, url] of urls.entries()) {
      const id = `req-"quoted"-${index}`;
      const requestLog = app.log.child({ reqId: id });
      const request = { id, method: 'GET', url, server: app } as unknown as FastifyRequest;
      const reply = { log: requestLog, statusCode: 207, elapsedTime: 1.234567 } as unknown as FastifyReply;
      lines.length = 0;
      accessLog.requestCompleted(null, request, reply);
      requestLog.info({ method: 'GET', url, statusCode: 207, responseTime: 1.234567 }, 'request completed');
      const [ours, fromPino] = lines.map((line) => line.trim().replace(/"time":\d+/, '"time":0'));
      expect(ours).toBeDefined();
      expect(ours).toBe(fromPino);
    }
  });

  it('writes nothing when the request logger is above info', async () => {
    const { app, lines } = await buildTestAppWithLog({ LOG_LEVEL: 'warn' });
    await app.inject({ url: '/healthz' });
    expect(parsed(lines).filter((line) => line.msg === 'request completed')).toEqual([]);
  });
});
