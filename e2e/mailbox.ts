import { expect, type APIRequestContext } from '@playwright/test';

type Template = 'verify-email' | 'reset-password';

/** `dev.latestEmail`'s answer in tRPC's superjson envelope. */
interface LatestEmailAnswer {
  result: { data: { json: { to: string; template: string; url: string } | null } };
}

/**
 * The link in the newest e-mail of a template to an address, read from the
 * server's development mailbox (DEV_MAILBOX=true, see playwright.config.ts), as a
 * person would follow it from their inbox. Waits until the e-mail is there.
 */
export async function latestEmailLink(request: APIRequestContext, to: string, template: Template): Promise<string> {
  const input = encodeURIComponent(JSON.stringify({ json: { to, template } }));
  let url: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/trpc/dev.latestEmail?input=${input}`);
        expect(response.status(), await response.text()).toBe(200);
        url = ((await response.json()) as LatestEmailAnswer).result.data.json?.url;
        return url;
      },
      { message: `an e-mail "${template}" to ${to}` },
    )
    .toBeTruthy();
  if (!url) throw new Error(`No "${template}" e-mail to ${to}`);
  return url;
}
