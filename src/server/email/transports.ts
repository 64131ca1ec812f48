import type { FastifyBaseLogger } from 'fastify';
import type { SendMailOptions, Transporter } from 'nodemailer';
import { splitLinks } from '../../shared/text-links.ts';
import type { Config } from '../config.ts';

/** A message ready for the wire. */
export interface OutgoingEmail {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  messageId: string;
}

/** How e-mail leaves the process: chosen by EMAIL_TRANSPORT, used only by the dispatcher. */
export interface EmailTransport {
  readonly name: 'smtp' | 'log';
  /**
   * Delivers `email`. Once `signal` aborts, the attempt is over: its connection is closed
   * at once, so nothing of it reaches the server afterwards, and the promise settles
   * promptly: resolved if the server had already accepted the message (its answer to
   * the end of DATA came first), rejected with the abort's reason otherwise.
   */
  send(email: OutgoingEmail, signal: AbortSignal): Promise<void>;
  /** Loads what sending needs, before an attempt's time starts: loading is not the server being slow. */
  prepare?(): Promise<void>;
  /** Checks the connection and credentials. */
  verify(): Promise<void>;
  close(): void;
}

/** A refusal that retrying cannot change: the row fails at once instead of backing off. */
export class PermanentDeliveryError extends Error {
  override name = 'PermanentDeliveryError';
}

interface SmtpError {
  code?: string;
  responseCode?: number;
  response?: string;
}

/**
 * An SMTP 5xx about the envelope or the message (an unknown mailbox, a refused
 * message) is permanent. Connection, timeout, authentication and 4xx problems are
 * not: they are how an outage or a fixed misconfiguration looks, and retrying
 * delivers once they end.
 */
function isPermanentSmtpError(error: unknown): boolean {
  const { code, responseCode } = (error ?? {}) as SmtpError;
  const refusal = code === 'EENVELOPE' || code === 'EMESSAGE';
  return refusal && typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600;
}

/**
 * SMTP through nodemailer, loaded when the transport is first used (its check at
 * start-up, or the first message), not when the app starts: the log transport never
 * needs it, and it is a sizeable library to load.
 */
export function createSmtpTransport(config: Config): EmailTransport {
  const timeout = config.EMAIL_SEND_TIMEOUT_MS;
  let transporter: Promise<Transporter> | undefined;
  const loadTransporter = () =>
    (transporter ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        host: config.SMTP_HOST,
        port: config.SMTP_PORT,
        secure: config.SMTP_TLS === 'implicit',
        requireTLS: config.SMTP_TLS === 'starttls',
        ignoreTLS: config.SMTP_TLS === 'none',
        ...(config.SMTP_USER ? { auth: { user: config.SMTP_USER, pass: config.SMTP_PASSWORD ?? '' } } : {}),
        // Each wait is bounded by the attempt's own time; the dispatcher's signal bounds the whole.
        connectionTimeout: timeout,
        greetingTimeout: timeout,
        socketTimeout: timeout,
        // One connection per message: a transactional trickle gains nothing from a pool,
        // and a fresh connection never inherits a broken one.
        pool: false,
      }),
    ));
  return {
    name: 'smtp',
    async send(email, signal) {
      // nodemailer (10.x) ends the send on `signal` and closes its connection, unless the
      // server's acceptance came first (smtp-transport's `finish` runs once). Its type
      // declarations predate the option.
      const message: SendMailOptions & { signal: AbortSignal } = {
        ...email,
        headers: {
          // RFC 3834: tells autoresponders not to answer.
          'Auto-Submitted': 'auto-generated',
        },
        signal,
      };
      try {
        await (await loadTransporter()).sendMail(message);
      } catch (error) {
        if (signal.aborted) {
          const reason: unknown = signal.reason;
          throw new Error(reason instanceof Error ? reason.message : 'The delivery was ended', { cause: error });
        }
        if (isPermanentSmtpError(error)) {
          throw new PermanentDeliveryError(describeSmtpError(error), { cause: error });
        }
        throw new Error(describeSmtpError(error), { cause: error });
      }
    },
    async prepare() {
      await loadTransporter();
    },
    async verify() {
      await (await loadTransporter()).verify();
    },
    close() {
      // Without a pool each message has its own connection, closed with its send (or
      // by its signal): this releases the transporter. Never used, nothing to close; a
      // load that failed has nothing open either.
      void transporter?.then(
        (opened) => {
          opened.close();
        },
        () => undefined,
      );
    },
  };
}

/** The server's answer when there is one, else the error's message: what an operator needs. */
export function describeSmtpError(error: unknown): string {
  const { code, response } = (error ?? {}) as SmtpError;
  const message = error instanceof Error ? error.message : String(error);
  return [code, response ?? message].filter(Boolean).join(': ');
}

/**
 * Development's default: the message stays in the outbox (read it in the mailbox)
 * and a line in the log; nothing leaves the machine. With `showLinks` (development)
 * the line carries the message's links too, so a sign-up's confirmation link is one
 * click away in the console. Elsewhere they stay out: they sign people in, and a log
 * is read by more people than a mailbox.
 */
export function createLogTransport(log: FastifyBaseLogger, { showLinks = false } = {}): EmailTransport {
  return {
    name: 'log',
    async send({ to, subject, messageId, text }) {
      const links = showLinks
        ? splitLinks(text).flatMap((part) => (part.kind === 'link' ? [part.href] : []))
        : undefined;
      log.info(
        { to, subject, messageId, ...(links ? { links } : {}) },
        'e-mail kept (EMAIL_TRANSPORT=log): read it in the mailbox',
      );
    },
    async verify() {
      // Nothing to reach: the log is always there.
    },
    close() {
      // No connection to close.
    },
  };
}
