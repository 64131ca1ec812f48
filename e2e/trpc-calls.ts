import type { Page } from '@playwright/test';

/**
 * The URLs of the tRPC calls the page sends from now on to a procedure whose name starts
 * with `prefix` (`auth.viewer`, `admin.`), batched ones included: a batch names its
 * procedures in its path, comma-separated, in any order.
 */
export function trpcCallsTo(page: Page, prefix: string): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (!pathname.startsWith('/trpc/')) return;
    const procedures = decodeURIComponent(pathname.slice('/trpc/'.length)).split(',');
    if (procedures.some((procedure) => procedure.startsWith(prefix))) urls.push(request.url());
  });
  return urls;
}
