import { expect, type APIRequestContext } from '@playwright/test';
import { splitLinks } from '../src/shared/text-links.ts';

type Template = 'verify-email' | 'reset-password';

/** The page each e-mail's link opens. */
const linkPath: Record<Template, string> = {
  'verify-email': '/verify-email',
  'reset-password': '/reset-password',
};

/**
 * A tRPC query's answer in superjson's envelope. Dates arrive as ISO strings in
 * `json` (with their types in `meta`); nothing here reads them.
 */
interface QueryAnswer<Output> {
  result: { data: { json: Output } };
}

interface OutboxPage {
  items: { id: string }[];
  nextCursor: string | null;
}

interface OutboxMessage {
  id: string;
  text: string;
}

/** Calls a query over plain HTTP, as any script could: the mailbox is open because NODE_ENV=test. */
async function query<Output>(request: APIRequestContext, path: string, input: unknown): Promise<Output> {
  const response = await request.get(`/trpc/${path}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`);
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as QueryAnswer<Output>).result.data.json;
}

/** The address in a plain-text e-mail that opens `pathname`, found as the mailbox screen finds it. */
function linkInText(text: string, pathname: string): string | undefined {
  for (const part of splitLinks(text)) {
    if (part.kind === 'link' && URL.parse(part.href)?.pathname === pathname) return part.href;
  }
  return undefined;
}

/**
 * The link in the newest e-mail of a template to an address, read from the outbox
 * (`mailbox.messages`, then `mailbox.message`) and found in the text body. Waits
 * until the e-mail is there.
 */
export async function latestEmailLink(request: APIRequestContext, to: string, template: Template): Promise<string> {
  let url: string | undefined;
  await expect
    .poll(
      async () => {
        const page = await query<OutboxPage>(request, 'mailbox.messages', { recipient: to, template, limit: 1 });
        const newest = page.items[0];
        if (!newest) return undefined;
        const message = await query<OutboxMessage>(request, 'mailbox.message', { id: newest.id });
        url = linkInText(message.text, linkPath[template]);
        return url;
      },
      { message: `an e-mail "${template}" to ${to}` },
    )
    .toBeTruthy();
  if (!url) throw new Error(`No "${template}" e-mail to ${to}`);
  return url;
}
