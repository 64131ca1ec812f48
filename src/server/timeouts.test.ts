import { connect, type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from './test/test-app.ts';

/**
 * Sends `head` at once, then one byte of `trickle` every 200 ms, as a slowloris
 * client does; resolves with what the server answered and when it hung up.
 */
async function trickle(port: number, head: string, trickleBytes: number) {
  const socket = connect(port, '127.0.0.1');
  const started = Date.now();
  let answer = '';
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
  socket.write(head);
  const timer = setInterval(() => {
    if (trickleBytes-- > 0 && !socket.destroyed) socket.write('x');
  }, 200);
  await new Promise<void>((resolve) => {
    socket.on('close', () => {
      resolve();
    });
    socket.on('error', () => {
      resolve();
    });
  });
  clearInterval(timer);
  return { answer, afterMs: Date.now() - started };
}

/** The app with REQUEST_TIMEOUT_MS, listening on a free loopback port. */
async function listeningApp(requestTimeoutMs: number): Promise<number> {
  const app = await buildTestApp({ REQUEST_TIMEOUT_MS: requestTimeoutMs });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return (app.server.address() as AddressInfo).port;
}

/**
 * Trickles `head` to an app with REQUEST_TIMEOUT_MS and expects a 408, no sooner than
 * `notBeforeMs` (what proves the limit, exactly) and sooner than `beforeMs` (seconds of
 * margin: the check runs every second, and a loaded CI machine is slow).
 */
async function expectCutOff(requestTimeoutMs: number, head: string, notBeforeMs: number, beforeMs: number) {
  const port = await listeningApp(requestTimeoutMs);
  const { answer, afterMs } = await trickle(port, head, 1000);
  expect(answer).toMatch(/^HTTP\/1\.1 408/);
  expect(afterMs).toBeGreaterThanOrEqual(notBeforeMs);
  expect(afterMs).toBeLessThan(beforeMs);
}

/** A request whose headers never end: one more header byte every 200 ms. */
const UNFINISHED_HEAD = 'GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Slow: ';

/** A request whose body never ends: one more body byte every 200 ms. */
const UNFINISHED_BODY =
  'POST /trpc/auth.signIn HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n';

describe('timeouts', () => {
  it('cut off a request whose body trickles in, within REQUEST_TIMEOUT_MS (plus the 1 s check interval)', async () => {
    await expectCutOff(2_000, UNFINISHED_BODY, 1_900, 8_000);
  });

  it('cut off a client that never finishes its headers, within REQUEST_TIMEOUT_MS when that is under 10 s', async () => {
    await expectCutOff(2_000, UNFINISHED_HEAD, 1_900, 8_000);
  });

  // Node's own default would wait for the whole REQUEST_TIMEOUT_MS (30 s here): only
  // the app's 10 s header limit cuts this client off sooner.
  it('cut off a client that never finishes its headers after 10 s, however long a request may take', async () => {
    await expectCutOff(30_000, UNFINISHED_HEAD, 9_900, 20_000);
  }, 30_000);
});
