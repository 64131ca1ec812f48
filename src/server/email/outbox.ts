import { createHash, randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Database } from '../db/client.ts';
import { afterCommit, currentClient } from '../db/transaction.ts';
import type { JobReference } from '../jobs/define-job.ts';
import { enqueue } from '../jobs/enqueue.ts';
import { requestScope } from '../trpc/request-scope.ts';
import type { EmailPort } from './email-port.ts';
import { splitLinks } from '../../shared/text-links.ts';

/**
 * The Message-ID an idempotency key always gets: a resend of the same row (after a
 * crash between the server's acceptance and our record of it) carries the same one,
 * so receiving systems that deduplicate by Message-ID show it once.
 */
function messageIdFor(idempotencyKey: string, domain: string): string {
  const digest = createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 40);
  return `<${digest}@${domain}>`;
}

/**
 * The job that delivers one outbox row (outbox-dispatcher.ts defines its handler). The
 * row keeps the message and its delivery state for the mailbox; the job is how it is
 * claimed, leased, retried and taken over (decision 0037).
 */
export const emailDelivery: JobReference<{ outboxId: string }> = {
  name: 'email.deliver',
  input: z.object({ outboxId: z.string() }),
};

export interface OutboxOptions {
  db: Database;
  /** The domain of Message-IDs: the sender's. */
  messageIdDomain: string;
  /** Called after the row is committed (this process's job workers are woken anyway). */
  onQueued?: () => void;
}

/**
 * The e-mail port over the outbox. The message is rendered now, so the row holds
 * exactly what will be sent (and what the mailbox shows), and written with the
 * caller's open transaction if there is one.
 */
export function createOutboxEmail({ db, messageIdDomain, onQueued }: OutboxOptions): EmailPort {
  return {
    async send({ to, template, idempotencyKey }) {
      // The templates and their renderer (React, React Email, an HTML-to-text converter)
      // load with the first e-mail, not at start-up.
      const { renderEmail } = await import('./templates/index.ts');
      const rendered = await renderEmail(template);
      const row = await currentClient(db).emailOutbox.upsert({
        where: { idempotencyKey },
        select: { id: true },
        // Queued already (a retried request): the first row stands.
        update: {},
        create: {
          id: randomUUID(),
          idempotencyKey,
          messageId: messageIdFor(idempotencyKey, messageIdDomain),
          recipient: to.toLowerCase(),
          template: template.name,
          subject: rendered.subject,
          html: rendered.html,
          text: rendered.text,
          requestId: requestScope.getStore()?.requestId ?? null,
        },
      });
      // In the same transaction: the e-mail, its delivery and the change commit together.
      await enqueue(db, emailDelivery, { outboxId: row.id }, { dedupeKey: idempotencyKey });
      if (onQueued) afterCommit(onQueued);
    },
  };
}

/** Deletes sent and failed e-mails queued longer ago than `retentionMs`; answers how many. */
export async function pruneOutbox(db: Database, retentionMs: number): Promise<number> {
  const { count } = await db.emailOutbox.deleteMany({
    where: { status: { in: ['sent', 'failed'] }, createdAt: { lt: new Date(Date.now() - retentionMs) } },
  });
  return count;
}

/** The newest outbox message to an address, optionally of one template. */
export async function latestMessageTo(db: Database, to: string, template?: string) {
  return db.emailOutbox.findFirst({
    where: { recipient: to.toLowerCase(), ...(template ? { template } : {}) },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
  });
}

/** The first link in a text body whose path is `pathname` (how a person finds it in the e-mail). */
export function linkIn(text: string, pathname: string): URL | undefined {
  for (const part of splitLinks(text)) {
    if (part.kind !== 'link') continue;
    const url = new URL(part.href);
    if (url.pathname === pathname) return url;
  }
  return undefined;
}
