import { limits } from '../shared/constants.ts';
import type { OutboxStatus } from '../shared/schemas/mailbox.schema.ts';

/**
 * The outbox states in the order the mailbox filter offers them. Written out
 * rather than imported from the shared schema: the route table ships in the first
 * chunk, and the schema module would bring zod with it (see token-search.ts).
 * A test keeps this list equal to the schema's.
 */
export const outboxStatusOptions = ['pending', 'sending', 'sent', 'failed'] as const satisfies readonly OutboxStatus[];

/** The mailbox list's filters as they stand in the address (`/mailbox?recipient=…&status=sent`). */
export interface MailboxSearch {
  recipient?: string;
  status?: OutboxStatus;
}

function isOutboxStatus(value: unknown): value is OutboxStatus {
  return (outboxStatusOptions as readonly unknown[]).includes(value);
}

/**
 * `validateSearch` for /mailbox, by the rules of `listOutboxInputSchema`: part of
 * an address up to `limits.emailLength`, and a known status. Anything else is
 * dropped, so a mangled address shows the unfiltered list instead of a route error.
 */
export function mailboxSearch(search: Record<string, unknown>): MailboxSearch {
  const recipient = typeof search.recipient === 'string' ? search.recipient.trim() : '';
  return {
    ...(recipient && recipient.length <= limits.emailLength ? { recipient } : {}),
    ...(isOutboxStatus(search.status) ? { status: search.status } : {}),
  };
}

/** The template the gallery shows (`/mailbox/templates?name=…`). */
export interface TemplateSearch {
  name?: string;
}

/** `validateSearch` for /mailbox/templates: a template name as the server accepts it; the server says if it exists. */
export function templateSearch(search: Record<string, unknown>): TemplateSearch {
  const name = typeof search.name === 'string' ? search.name.trim() : '';
  return name && name.length <= limits.idLength ? { name } : {};
}
