import { existsSync } from 'node:fs';

const installed = (path: string) => (existsSync(path) ? path : undefined);

// Debian's Chromium on this machine (Playwright's download fails without internet);
// elsewhere Playwright's own build, installed with `npx playwright install chromium`.
// CHROMIUM_PATH, when set, is the one browser of every project.
const chromium = process.env.CHROMIUM_PATH ?? installed('/usr/bin/chromium');
// The journeys run in Chromium's headless shell (Debian's chromium-headless-shell), as
// Playwright's own headless tests do: the same engine without the browser around it, for
// less CPU (docs/performance.md). Lighthouse loads its pages in the full browser.
const headlessShell = process.env.CHROMIUM_PATH ?? installed('/usr/bin/chromium-headless-shell') ?? chromium;

const chromiumArgs = [
  // Chromium refuses to start sandboxed as root (containers, CI).
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  // Without these Chromium calls home, and the closed network refuses it.
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** How the journeys (and the screenshots) start their browser. */
export const journeyLaunchOptions = { ...(headlessShell ? { executablePath: headlessShell } : {}), args: chromiumArgs };
/** How Lighthouse, and the journeys that need the full browser, start it. */
export const fullBrowserLaunchOptions = { ...(chromium ? { executablePath: chromium } : {}), args: chromiumArgs };
