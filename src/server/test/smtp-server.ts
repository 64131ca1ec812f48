import { createServer, type AddressInfo } from 'node:net';
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
 * its answer to the next messages, as a busy or slow provider would give them.
 */
export async function startSmtpServer() {
  const accepted: ReceivedEmail[] = [];
  const plans: Plan[] = [];
  const attemptTimes: number[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 100,
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
  const { port } = server.server.address() as AddressInfo;
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await new Promise<void>((resolve) => {
      server.close(resolve);
    });
  };
  afterAll(close);
  return {
    port,
    accepted,
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
