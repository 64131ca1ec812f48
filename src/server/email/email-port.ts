import type { EmailTemplate } from './templates/index.ts';

/**
 * [7] The e-mail port: domain code says which message to send to whom, never how.
 * `send` queues the message in the outbox inside the caller's open transaction
 * (src/server/db/transaction.ts), so the e-mail and the change that caused it
 * commit together or not at all; the dispatcher delivers it afterwards.
 */
export interface EmailMessage {
  to: string;
  /** A template name with its typed data (src/server/email/templates/). */
  template: EmailTemplate;
  /**
   * What makes two sends the same e-mail: queueing a key again is a no-op, and the
   * key fixes the Message-ID, so a resend after a crash can be recognised.
   */
  idempotencyKey: string;
}

export interface EmailPort {
  send(message: EmailMessage): Promise<void>;
}
