import type { FastifyBaseLogger } from 'fastify';

/**
 * [7] The e-mail port: domain code says which message to send to whom, never how.
 * The transactional e-mail issue adds the outbox and real transports behind this
 * interface; until then the recording transport keeps messages in memory and logs
 * them, so development and tests can follow the links.
 */
export type EmailTemplate =
  | { name: 'verify-email'; data: { name: string; url: string } }
  | { name: 'reset-password'; data: { name: string; url: string } };

export interface EmailMessage {
  to: string;
  template: EmailTemplate;
  /** The same key never sends twice once the outbox exists. */
  idempotencyKey: string;
}

export interface EmailPort {
  send(message: EmailMessage): Promise<void>;
}

export interface RecordingEmail extends EmailPort {
  readonly messages: readonly EmailMessage[];
  /** The newest message to an address, optionally of one template. */
  latestTo(to: string, template?: EmailTemplate['name']): EmailMessage | undefined;
}

/** Keeps the last messages in memory and logs each; nothing leaves the machine. */
export function createRecordingEmail(log: FastifyBaseLogger, keep = 200): RecordingEmail {
  const messages: EmailMessage[] = [];
  return {
    messages,
    async send(message) {
      messages.push(message);
      if (messages.length > keep) messages.shift();
      log.info({ to: message.to, template: message.template.name }, 'e-mail recorded (no transport configured)');
    },
    latestTo(to, template) {
      return messages.findLast(
        (message) => message.to.toLowerCase() === to.toLowerCase() && (!template || message.template.name === template),
      );
    },
  };
}
