import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { appServerEnv } from '../../e2e/app-server.ts';
import { freePort } from '../../e2e/fresh-server.ts';
import e2e from '../../playwright.config.ts';
import { journeyLaunchOptions } from '../../e2e/browsers.ts';

// Worker processes load this file again and inherit the runner's environment, so the port
// and the database folder are chosen once and kept in env variables.
process.env.SCREENSHOTS_PORT ??= String(await freePort());
if (!process.env.SCREENSHOTS_DB_DIR) {
  const dir = mkdtempSync(join(tmpdir(), 'screenshots-db-'));
  process.env.SCREENSHOTS_DB_DIR = dir;
  process.on('exit', () => {
    rmSync(dir, { recursive: true, force: true });
  });
}
const port = Number(process.env.SCREENSHOTS_PORT);
const env = appServerEnv(port, `file:${join(process.env.SCREENSHOTS_DB_DIR, 'screenshots.db')}`);

/**
 * `npm run screenshots`: the e2e journeys' server (the production build on a free port, a new
 * empty database, NODE_ENV=test so the mailbox is readable) and browser, running only
 * take-screenshots.ts. The PNGs go to screenshots/ (not committed).
 */
export default defineConfig({
  ...e2e,
  testDir: '.',
  testMatch: 'take-screenshots.ts',
  workers: 1,
  reporter: [['line']],
  globalSetup: './empty-folder.ts',
  globalTeardown: './print-summary.ts',
  use: { ...e2e.use, baseURL: env.PUBLIC_URL, trace: 'off', screenshot: 'off' },
  projects: [{ name: 'screenshots', use: { launchOptions: journeyLaunchOptions } }],
  webServer: {
    command: 'node dist/server/main.js',
    // Started from the repository, where dist/ is, not from this folder.
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    url: `${env.PUBLIC_URL}/readyz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env,
  },
});
