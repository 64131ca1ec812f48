import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { afterAll } from 'vitest';

export interface ReceivedEmail {
  envelope: { from: string; to: string[] };
  parsed: Email;
  raw: string;
}

type Plan = { refuse: { code: number; message: string } } | { delayMs: number };

/**
 * A real SMTP server on a free loopback port (the `smtp-server` package, plaintext,
 * no authentication) that keeps what it accepts. `refuseNext` and `delayNext` plan
 * its answer to the next messages, as a busy or slow provider would give them. With
 * `replyDelayMs`, clients reach it through a slow link that holds each of its replies
 * after the greeting (EHLO, MAIL, RCPT, DATA, the final 250) that long, one after the
 * other, as a slow provider does; a client that hangs up is cut off from the server at once.
 */
export async function startSmtpServer(options: { replyDelayMs?: number } = {}) {
  const accepted: ReceivedEmail[] = [];
  const plans: Plan[] = [];
  const attemptTimes: number[] = [];
  const sessions = { opened: 0, open: 0, mostOpenAtOnce: 0 };
  let whenIdle: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 100,
    // A slow provider that does not offer PIPELINING: each command waits for its reply,
    // so every reply's delay counts.
    hidePIPELINING: options.replyDelayMs !== undefined,
    onConnect(_session, callback) {
      sessions.opened += 1;
      sessions.open += 1;
      sessions.mostOpenAtOnce = Math.max(sessions.mostOpenAtOnce, sessions.open);
      callback();
    },
    onClose() {
      sessions.open -= 1;
      if (sessions.open === 0) {
        for (const resolve of whenIdle) resolve();
        whenIdle = [];
      }
    },
    onData(stream, session, callback) {
      attemptTimes.push(Date.now());
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const plan = plans.shift();
        if (plan && 'refuse' in plan) {
          const error = Object.assign(new Error(plan.refuse.message), { responseCode: plan.refuse.code });
          callback(error);
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const accept = async () => {
          const parsed = await PostalMime.parse(raw);
          const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
          accepted.push({ envelope: { from, to: session.envelope.rcptTo.map(({ address }) => address) }, parsed, raw });
          callback();
        };
        setTimeout(() => void accept(), plan?.delayMs ?? 0);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port: serverPort } = server.server.address() as AddressInfo;
  const link = options.replyDelayMs === undefined ? undefined : await startSlowLink(serverPort, options.replyDelayMs);
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await link?.close();
    await new Promise<void>((resolve) => {
      server.close(resolve);
    });
  };
  afterAll(close);
  return {
    port: link?.port ?? serverPort,
    accepted,
    /**
     * SMTP sessions: how many were opened, how many are open, and the most that were
     * open at once (an abandoned attempt still talking to the server counts).
     */
    sessions,
    /** Resolves once no session is open (at once if none is). */
    idle: () =>
      new Promise<void>((resolve) => {
        if (sessions.open === 0) resolve();
        else whenIdle.push(resolve);
      }),
    /** How many messages reached DATA, accepted or not. */
    get attempts() {
      return attemptTimes.length;
    },
    /** When each of them did, in milliseconds since the epoch. */
    attemptTimes,
    refuseNext(code: number, message: string) {
      plans.push({ refuse: { code, message } });
    },
    delayNext(delayMs: number) {
      plans.push({ delayMs });
    },
    close,
  };
}

/**
 * A TCP link to `targetPort` on loopback that holds everything the server sends after
 * its first chunk for `delayMs` (in order) and passes what the client sends at once. When the client hangs
 * up, its server connection is destroyed at once: the server sees the client go.
 */
async function startSlowLink(targetPort: number, delayMs: number) {
  const sockets = new Set<Socket>();
  const listener = createServer((client) => {
    const upstream = connect(targetPort, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
    }
    const hangUp = () => {
      upstream.destroy();
      client.destroy();
    };
    client.on('data', (chunk) => upstream.write(chunk));
    client.on('end', hangUp).on('close', hangUp).on('error', hangUp);
    // The greeting passes at once: a slow greeting is a connection timeout, another matter.
    let greeted = false;
    upstream.on('data', (chunk) => {
      setTimeout(
        () => {
          if (!client.destroyed) client.write(chunk);
        },
        greeted ? delayMs : 0,
      );
      greeted = true;
    });
    upstream.on('end', () => setTimeout(hangUp, delayMs)).on('error', hangUp);
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const { port } = listener.address() as AddressInfo;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        listener.close(() => {
          resolve();
        });
      }),
  };
}

/**
 * An SMTP server that is down: its host takes each TCP connection and closes it at
 * once, before any greeting (the client sees ECONNECTION), and records when each
 * came, so a test can measure the waits between attempts.
 */
export async function startDownSmtpServer() {
  const attemptTimes: number[] = [];
  const server = createServer((socket) => {
    attemptTimes.push(Date.now());
    socket.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  );
  return {
    port,
    /** How many connections it refused. */
    get attempts() {
      return attemptTimes.length;
    },
    /** When each came, in milliseconds since the epoch. */
    attemptTimes,
  };
}
