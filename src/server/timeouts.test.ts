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

describe('timeouts', () => {
  it('cut off a request whose body trickles in, within REQUEST_TIMEOUT_MS (plus the 1 s check interval)', async () => {
    const app = await buildTestApp({ REQUEST_TIMEOUT_MS: 2_000 });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const head =
      'POST /trpc/auth.signIn HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n';
    const { answer, afterMs } = await trickle(port, head, 1000);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(afterMs).toBeGreaterThanOrEqual(1_900);
    expect(afterMs).toBeLessThan(5_000);
  });

  it('cut off a client that never finishes its headers', async () => {
    const app = await buildTestApp({ REQUEST_TIMEOUT_MS: 2_000 });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const { afterMs } = await trickle(port, 'GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Slow: ', 1000);
    expect(afterMs).toBeLessThan(5_000);
  });
});
