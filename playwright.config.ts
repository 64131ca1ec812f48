import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig, devices } from '@playwright/test';

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

/**
 * The journeys whose subject is layout or navigation: they run at a phone's width too. The
 * rest run at a desktop's, where what they assert (data, rules, errors, e-mails) is the same.
 */
export const phoneJourneys = [
  'accessibility.spec.ts',
  'deep-link.spec.ts',
  'first-use.spec.ts',
  'home.spec.ts',
  'not-found.spec.ts',
  'responsive.spec.ts',
  'spec-screens.spec.ts',
].map((file) => `**/${file}`);

export default defineConfig({
  testDir: 'e2e',
  // Each worker runs its files against a server and a database of its own (e2e/app-server.ts),
  // one file at a time: the tests of one file may build on each other's records.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? Math.max(2, availableParallelism())),
  // Whole journeys (sign-up, the e-mailed link, sign-in) on a 2-core machine at phone width
  // take longer than Playwright's 30 s default; each expectation still waits only 5 s.
  timeout: 60_000,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list'], ['github']] : [['list']],
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    // responsive.spec.ts sets its own phone widths: it runs on the phone, with touch.
    { name: 'desktop', testIgnore: [lighthouseSpec, '**/responsive.spec.ts'], use: { ...desktop, launchOptions } },
    { name: 'phone', testMatch: phoneJourneys, use: { ...phone, launchOptions } },
    // Lighthouse drives its own Chromium (e2e/lighthouse.spec.ts), alone on the machine: its
    // scores read the host's speed. `npm run test:e2e` runs it after the journeys.
    { name: 'lighthouse', testMatch: lighthouseSpec, use: { launchOptions } },
  ],
});
