import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse, { type Flags } from 'lighthouse';
import { cpuSlowdownFor } from '../tools/lighthouse/cpu-slowdown.ts';
import { expect, test } from './fixtures.ts';
import { freePort } from './fresh-server.ts';

/**
 * Lighthouse on the production build: a mid-range phone (mobile emulation) on Lighthouse's
 * default simulated slow 4G (150 ms RTT, 1.6 Mbps down: unchanged, and checked below).
 * Issue 18, point 6: performance at least 0.95 and accessibility 1.0 on Home and Sign in.
 *
 * The CPU slowdown is calibrated, not Lighthouse's fixed 4x: 4x turns a high-end desktop
 * into that phone, while this host (2 shared cores, benchmarkIndex about 1000 quiet and
 * 350–1000 under load) would become a much slower one, and its score would follow the
 * machine's load rather than the page. As Lighthouse's docs ask (docs/throttling.md,
 * "Calibrating the CPU slowdown"), the multiplier comes from the host's benchmarkIndex
 * (tools/lighthouse/cpu-slowdown.ts), measured in the same run just before the page loads,
 * so the emulated phone stays the same as the load changes. Both are printed with every
 * run. docs/decisions/0030-lighthouse-cpu-calibration.md.
 *
 * Scores vary from run to run, so each page runs three times and the median performance
 * counts; every run must be fully accessible. Its own Playwright project
 * (playwright.config.ts): once, not per width.
 */
const pages = [
  { name: 'Home', path: '/' },
  { name: 'Sign in', path: '/sign-in' },
];
const runs = 3;

/** The part of Lighthouse's saved artifacts (artifacts.json) this spec reads and sets. */
interface GatheredArtifacts {
  BenchmarkIndex: number;
  settings: { throttling: { cpuSlowdownMultiplier: number } };
}

/** Lighthouse's default mobile network throttling (slow 4G), which calibration must leave alone. */
const SLOW_4G = { rttMs: 150, throughputKbps: 1638.4 };

interface Run {
  /** The host's benchmarkIndex this run's slowdown came from, and the slowdown. */
  benchmarkIndex: number;
  cpuSlowdown: number;
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

test.describe('lighthouse', () => {
  // Each run loads the page under simulated throttling: about 10–20 s; two more may be needed.
  test.setTimeout((runs + 2) * 60_000);

  for (const { name, path } of pages) {
    test(`${name}: performance at least 0.95 and accessibility 1.0 on a phone`, async ({ baseURL }, testInfo) => {
      const port = await freePort();
      const launchOptions = testInfo.project.use.launchOptions ?? {};
      const browser = await chromium.launch({
        ...launchOptions,
        args: [...(launchOptions.args ?? []), `--remote-debugging-port=${port}`],
      });
      const results: Run[] = [];
      const url = `${baseURL ?? ''}${path}`;
      const flags: Flags = { port, logLevel: 'error', onlyCategories: ['performance', 'accessibility'] };
      // A run Lighthouse could not measure (NO_NAVSTART, a timeout…: a glitch of the tool on a
      // loaded machine, not a score) is noted and run again, twice at most.
      const unmeasured: string[] = [];
      try {
        for (let attempt = 1; results.length < runs && attempt <= runs + 2; attempt += 1) {
          // Simulated throttling records the load unthrottled and applies the slowdown when it
          // analyses the trace, so the run is gathered first, and analysed with the slowdown its
          // own benchmarkIndex (measured just before the load) calls for.
          const dir = testInfo.outputPath(`${name}-${attempt}`);
          await lighthouse(url, { ...flags, gatherMode: dir });
          const artifactsFile = join(dir, 'artifacts.json');
          const artifacts = JSON.parse(readFileSync(artifactsFile, 'utf8')) as GatheredArtifacts;
          const benchmarkIndex = artifacts.BenchmarkIndex;
          const cpuSlowdown = cpuSlowdownFor(benchmarkIndex);
          // Lighthouse analyses only with the settings it gathered with; the CPU slowdown is the
          // one setting gathering does not use in simulated mode.
          artifacts.settings.throttling.cpuSlowdownMultiplier = cpuSlowdown;
          writeFileSync(artifactsFile, JSON.stringify(artifacts));
          const answer = await lighthouse(url, {
            ...flags,
            auditMode: dir,
            throttling: { cpuSlowdownMultiplier: cpuSlowdown },
          });
          if (!answer) throw new Error('Lighthouse gave no result');
          if (answer.lhr.runtimeError) {
            unmeasured.push(`attempt ${attempt}: not measured (${answer.lhr.runtimeError.code}), run again`);
            continue;
          }
          const { categories, audits, configSettings } = answer.lhr;
          expect(configSettings.throttlingMethod, 'simulated throttling').toBe('simulate');
          expect(configSettings.throttling, 'the network stays slow 4G').toMatchObject(SLOW_4G);
          expect(configSettings.formFactor).toBe('mobile');
          results.push({
            benchmarkIndex,
            cpuSlowdown,
            performance: categories.performance?.score ?? 0,
            accessibility: categories.accessibility?.score ?? 0,
            fcp: audits['first-contentful-paint']?.numericValue ?? NaN,
            lcp: audits['largest-contentful-paint']?.numericValue ?? NaN,
            tbt: audits['total-blocking-time']?.numericValue ?? NaN,
          });
          const failedA11y = Object.values(answer.lhr.audits)
            .filter(
              (audit) =>
                audit.score === 0 && answer.lhr.categories.accessibility?.auditRefs.some((ref) => ref.id === audit.id),
            )
            .map((audit) => audit.id);
          if (failedA11y.length > 0)
            testInfo.annotations.push({ type: `${name} accessibility`, description: failedA11y.join(', ') });
        }
      } finally {
        await browser.close();
      }

      const table = results
        .map(
          (r, i) =>
            `run ${i + 1}: CPU ${r.cpuSlowdown}x (benchmarkIndex ${Math.round(r.benchmarkIndex)}), ` +
            `performance ${r.performance.toFixed(2)}, accessibility ${r.accessibility.toFixed(2)}, ` +
            `FCP ${Math.round(r.fcp)} ms, LCP ${Math.round(r.lcp)} ms, TBT ${Math.round(r.tbt)} ms`,
        )
        .concat(unmeasured)
        .join('\n');
      console.log(`Lighthouse, ${name} (${path}):\n${table}`);
      await testInfo.attach(`lighthouse-${name}`, { body: table, contentType: 'text/plain' });

      expect(results, `${runs} measured runs of ${name}\n${table}`).toHaveLength(runs);
      expect(
        median(results.map((r) => r.performance)),
        `median performance of ${name}\n${table}`,
      ).toBeGreaterThanOrEqual(0.95);
      for (const r of results) expect(r.accessibility, `accessibility of ${name}\n${table}`).toBe(1);
    });
  }
});
