import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { firstAdminEmail } from './e2e/first-admin.ts';
import { freePort } from './e2e/fresh-server.ts';

/** A new, empty folder for the database, so no run sees data from another run or from dev. */
function freshDatabaseDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'e2e-db-'));
  // Only the process that made it removes it, once the web server has stopped.
  process.on('exit', () => {
    rmSync(dir, { recursive: true, force: true });
  });
  return dir;
}

// Worker processes load this file again and inherit the runner's environment, so
// the port and the database folder are chosen once and kept in env variables.
process.env.E2E_PORT ??= String(await freePort());
process.env.E2E_DB_DIR ??= freshDatabaseDir();
const port = process.env.E2E_PORT;
// E2E_DATABASE_URL: another database, e.g. an empty PostgreSQL one (the example leg's second engine).
const databaseUrl = process.env.E2E_DATABASE_URL ?? `file:${join(process.env.E2E_DB_DIR, 'e2e.db')}`;
const origin = `http://127.0.0.1:${port}`;

// Debian's Chromium on this machine (Playwright's download fails without internet);
// elsewhere Playwright's own build, installed with `npx playwright install chromium`.
const chromium = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

export const launchOptions = {
  ...(chromium ? { executablePath: chromium } : {}),
  args: [
    // Chromium refuses to start sandboxed as root (containers, CI).
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    // Without these Chromium calls home, and the closed network refuses it.
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

export const desktop = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } };

/** A 390×844 phone (the iPhone 12–15 size) in Chromium, with touch and a phone's user agent. */
export const phone = {
  ...devices['Pixel 7'],
  viewport: { width: 390, height: 844 },
  screen: { width: 390, height: 844 },
  // 2, not the phone's 3: the same layout, and a third fewer pixels to paint on CI.
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};

const lighthouseSpec = /lighthouse\.spec\.ts$/;

export default defineConfig({
  testDir: 'e2e',
  // One server and one database for the whole run: tests run one at a time.
  fullyParallel: false,
  workers: 1,
  // Whole journeys (sign-up, the e-mailed link, sign-in) on a 2-core machine at phone width
  // take longer than Playwright's 30 s default; each expectation still waits only 5 s.
  timeout: 60_000,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list'], ['github']] : [['list']],
  use: {
    baseURL: origin,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    // Every journey at a desktop width and at a phone's (issue 18, point 7).
    { name: 'desktop', testIgnore: lighthouseSpec, use: { ...desktop, launchOptions } },
    { name: 'phone', testIgnore: lighthouseSpec, use: { ...phone, launchOptions } },
    // Lighthouse drives its own Chromium (e2e/lighthouse.spec.ts); once is enough.
    { name: 'lighthouse', testMatch: lighthouseSpec, use: { launchOptions } },
  ],
  webServer: {
    // The production build, as users get it; `npm run test:e2e` builds it first.
    command: 'node dist/server/main.js',
    url: `${origin}/readyz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      HOST: '127.0.0.1',
      PORT: port,
      DATABASE_URL: databaseUrl,
      // `test`, not `production`: the mailbox (MAILBOX) is then open to anyone, and the
      // journeys read e-mailed links from it (e2e/mailbox.ts); production keeps it for admins.
      NODE_ENV: 'test',
      // Whoever signs up with this address while no admin exists becomes one (e2e/accounts.ts).
      FIRST_ADMIN_EMAIL: firstAdminEmail,
      // E-mailed links and the cross-site check use this origin: the one the browser opens.
      PUBLIC_URL: origin,
      LOG_LEVEL: 'warn',
      // Every journey signs up and in from the same address; the limits themselves are
      // proved over HTTP (src/server/rate-limit/rate-limit.test.ts).
      AUTH_RATE_LIMIT: '10000',
      RATE_LIMIT_PER_MINUTE: '100000',
    },
  },
});
