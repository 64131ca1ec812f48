import type { QueryStatus } from '@tanstack/react-query';
import type { OutboxStatus } from '../../../shared/schemas/mailbox.schema.ts';

/**
 * How often the mailbox asks the server again while it is open: someone waiting
 * for an e-mail sees it arrive, and its status change, without reloading. React
 * Query pauses the polling while the tab is hidden.
 */
export const mailboxRefreshMs = 3_000;

/**
 * A mailbox query's `refetchInterval`: every `mailboxRefreshMs` until asking again
 * cannot help. React Query keeps polling a failed query, so a refused (FORBIDDEN)
 * or missing (NOT_FOUND) answer would be asked for every few seconds for as long
 * as the screen is open; "Try again" is the way back, and a success resumes the
 * polling. `keepPolling` says whether the data can still change in a way worth
 * the request.
 */
export function refetchIntervalFor<T>(
  state: { status: QueryStatus; data: T | undefined },
  keepPolling: (data: T) => boolean,
): number | false {
  if (state.status === 'error') return false;
  if (state.data !== undefined && !keepPolling(state.data)) return false;
  return mailboxRefreshMs;
}

/**
 * For the list: React Query refetches an infinite query page by page, from the
 * first, so polling with three pages loaded sends three requests every time.
 * Once "Load more" has been pressed, the list waits for the person instead.
 */
export function onOnePage(data: { pages: readonly unknown[] }): boolean {
  return data.pages.length <= 1;
}

/** For one e-mail: a sent or failed e-mail does not change any more. */
export function notDoneYet(message: { status: OutboxStatus }): boolean {
  return message.status !== 'sent' && message.status !== 'failed';
}
