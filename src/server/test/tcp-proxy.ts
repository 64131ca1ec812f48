import { once } from 'node:events';
import { connect, createServer, type Server, type Socket } from 'node:net';

export interface TcpProxy {
  /** The loopback port the proxy listens on; the same after a restart. */
  port: number;
  /** Destroys every open connection and stops listening: to a client, the target went away. */
  stop: () => Promise<void>;
  /** Listens again on the same port: the target is back. */
  start: () => Promise<void>;
}

/**
 * A TCP proxy on a free loopback port to `targetHost:targetPort`, for tests that
 * take a shared server (PostgreSQL) away from the processes under test without
 * stopping it for everyone else.
 */
export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  };

  const relay = (client: Socket) => {
    const upstream = connect(targetPort, targetHost);
    track(client);
    track(upstream);
    // Either side failing ends both, as a real outage ends the connection for each peer.
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.pipe(upstream);
    upstream.pipe(client);
  };

  let server: Server | undefined;
  let port = 0;

  const start = async () => {
    if (server) return;
    const listening = createServer(relay);
    listening.listen(port, '127.0.0.1');
    await once(listening, 'listening');
    const address = listening.address();
    if (address === null || typeof address === 'string') throw new Error('The proxy has no TCP address');
    port = address.port;
    server = listening;
  };

  const stop = async () => {
    const closing = server;
    if (!closing) return;
    server = undefined;
    const closed = once(closing, 'close');
    closing.close();
    for (const socket of sockets) socket.destroy();
    await closed;
  };

  await start();
  return { port, stop, start };
}
