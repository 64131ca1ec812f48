import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import e2e, { launchOptions } from '../../playwright.config.ts';

/**
 * `npm run screenshots`: the e2e configuration's server (the production build on a
 * free port, a new empty database, NODE_ENV=test so the mailbox is readable) and
 * browser, running only take-screenshots.ts. The PNGs go to screenshots/ (not committed).
 */
export default defineConfig({
  ...e2e,
  testDir: '.',
  testMatch: 'take-screenshots.ts',
  reporter: [['line']],
  globalSetup: './empty-folder.ts',
  globalTeardown: './print-summary.ts',
  use: { ...e2e.use, trace: 'off', screenshot: 'off' },
  projects: [{ name: 'screenshots', use: { launchOptions } }],
  // Started from the repository, where dist/ is, not from this folder.
  webServer: {
    ...(e2e.webServer as object),
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
  } as typeof e2e.webServer,
});
