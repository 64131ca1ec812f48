import { availableParallelism } from 'node:os';
import { defineConfig, devices } from '@playwright/test';
import type { E2eEngine } from './e2e/app-server.ts';
import { fullBrowserLaunchOptions, journeyLaunchOptions } from './e2e/browsers.ts';

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

// responsive.spec.ts sets its own phone widths: it runs on the phone, with touch.
const desktopProject = {
  name: 'desktop',
  testIgnore: [lighthouseSpec, '**/responsive.spec.ts'],
  use: { ...desktop, launchOptions: journeyLaunchOptions },
};

export default defineConfig<object, { engine: E2eEngine }>({
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
    // Recording a trace costs every journey about a fifth more CPU; a failure keeps its
    // screenshot and error. `npx playwright test --trace retain-on-failure` records them.
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    desktopProject,
    { name: 'phone', testMatch: phoneJourneys, use: { ...phone, launchOptions: journeyLaunchOptions } },
    // The desktop's journeys on PostgreSQL, where E2E_POSTGRES_URL names a server: the
    // example leg runs its screens there too.
    ...(process.env.E2E_POSTGRES_URL
      ? [
          {
            ...desktopProject,
            name: 'desktop-postgresql',
            use: { ...desktopProject.use, engine: 'postgresql' as const },
          },
        ]
      : []),
    // Lighthouse drives its own Chromium (e2e/lighthouse.spec.ts), alone on the machine: its
    // scores read the host's speed. `npm run test:e2e` runs it after the journeys.
    { name: 'lighthouse', testMatch: lighthouseSpec, use: { launchOptions: fullBrowserLaunchOptions } },
  ],
});
