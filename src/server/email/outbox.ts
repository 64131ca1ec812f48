import { createHash, randomUUID } from 'node:crypto';
import type { Database } from '../db/client.ts';
import { afterCommit, currentClient } from '../db/transaction.ts';
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

export interface OutboxOptions {
  db: Database;
  /** The domain of Message-IDs: the sender's. */
  messageIdDomain: string;
  /** Called after the row is committed, to deliver without waiting for the next poll. */
  onQueued: () => void;
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
      await currentClient(db).emailOutbox.upsert({
        where: { idempotencyKey },
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
      afterCommit(onQueued);
    },
  };
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
