import { describe, expect, it } from 'vitest';
import { query } from './test/http-client.ts';
import { buildTestAppWithLog } from './test/test-app.ts';

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
});
