import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse, { type Flags } from 'lighthouse';
import { cpuSlowdownFor } from '../tools/lighthouse/cpu-slowdown.ts';
import { median } from '../tools/median.ts';
import { expect, test } from './fixtures.ts';
import { freePort } from './fresh-server.ts';

/**
 * Lighthouse on the production build: a mid-range phone (mobile emulation) on Lighthouse's
 * default simulated slow 4G (150 ms RTT, 1.6 Mbps down: unchanged, and checked below).
 * Issue 18, point 6: performance at least 0.95 and accessibility 1.0 on Home and Sign in.
 *
 * The CPU slowdown is calibrated, not Lighthouse's fixed 4x: 4x turns a high-end desktop
 * into that phone, and this shared 2-core host has read anywhere from 350 to 2,600. As
 * Lighthouse's docs ask (docs/throttling.md, "Calibrating the CPU slowdown"), the multiplier
 * comes from the host's benchmarkIndex (tools/lighthouse/cpu-slowdown.ts). Lighthouse reads
 * it once before each load, and one reading moves by half from run to run with little to do
 * with that run's own page timings, so each page's runs are gathered first and all analysed
 * with one slowdown, from the median of their readings (decisions 0030 and 0044). Every run
 * prints its reading, and its score at Lighthouse's default 4x beside the calibrated one.
 *
 * Scores vary from run to run, so each page runs five times and the median performance
 * counts (Lighthouse's docs/variability.md); every run must be fully accessible. Its own
 * Playwright project (playwright.config.ts): once, not per width.
 */
const pages = [
  { name: 'Home', path: '/' },
  { name: 'Sign in', path: '/sign-in' },
];
const runs = 5;

/** The part of Lighthouse's saved artifacts (artifacts.json) this spec reads and sets. */
interface GatheredArtifacts {
  BenchmarkIndex: number;
  settings: { throttling: { cpuSlowdownMultiplier: number } };
}

/** Lighthouse's default mobile network throttling (slow 4G), which calibration must leave alone. */
const SLOW_4G = { rttMs: 150, throughputKbps: 1638.4 };

/** Lighthouse's own CPU slowdown, printed beside the calibrated one for comparison. */
const LIGHTHOUSE_DEFAULT_SLOWDOWN = 4;

interface Run {
  /** The host's benchmarkIndex read just before this run's load. */
  benchmarkIndex: number;
  performance: number;
  /** The same load analysed at Lighthouse's default 4x. */
  performanceAtDefault: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
}

test.describe('lighthouse', () => {
  // Each run loads the page (about 10 s) and is analysed twice (a few seconds each); two more may be needed.
  test.setTimeout((runs + 2) * 60_000);

  for (const { name, path } of pages) {
    test(`${name}: performance at least 0.95 and accessibility 1.0 on a phone`, async ({ baseURL }, testInfo) => {
      const port = await freePort();
      const launchOptions = testInfo.project.use.launchOptions ?? {};
      const browser = await chromium.launch({
        ...launchOptions,
        args: [...(launchOptions.args ?? []), `--remote-debugging-port=${port}`],
      });
      const url = `${baseURL ?? ''}${path}`;
      const flags: Flags = { port, logLevel: 'error', onlyCategories: ['performance', 'accessibility'] };
      let attempt = 0;
      /** Simulated throttling records the load unthrottled and applies the slowdown only when it analyses the trace. */
      const gather = async () => {
        attempt += 1;
        const dir = testInfo.outputPath(`${name}-${attempt}`);
        await lighthouse(url, { ...flags, gatherMode: dir });
        const artifacts = JSON.parse(readFileSync(join(dir, 'artifacts.json'), 'utf8')) as GatheredArtifacts;
        return { dir, attempt, benchmarkIndex: artifacts.BenchmarkIndex };
      };
      /** Lighthouse analyses only with the settings it gathered with; the CPU slowdown is the one setting gathering does not use in simulated mode. */
      const analyse = async (dir: string, cpuSlowdown: number) => {
        const artifactsFile = join(dir, 'artifacts.json');
        const artifacts = JSON.parse(readFileSync(artifactsFile, 'utf8')) as GatheredArtifacts;
        artifacts.settings.throttling.cpuSlowdownMultiplier = cpuSlowdown;
        writeFileSync(artifactsFile, JSON.stringify(artifacts));
        const answer = await lighthouse(url, {
          ...flags,
          auditMode: dir,
          throttling: { cpuSlowdownMultiplier: cpuSlowdown },
        });
        if (!answer) throw new Error('Lighthouse gave no result');
        return answer.lhr;
      };

      const results: Run[] = [];
      const unmeasured: string[] = [];
      let cpuSlowdown: number;
      let hostIndex: number;
      try {
        const gathered = [];
        for (let i = 0; i < runs; i += 1) gathered.push(await gather());
        hostIndex = median(gathered.map((run) => run.benchmarkIndex));
        cpuSlowdown = cpuSlowdownFor(hostIndex);
        // A run Lighthouse could not measure (NO_NAVSTART, a timeout…: a glitch of the tool on a
        // loaded machine, not a score) is noted and replaced, twice at most.
        while (gathered.length > 0) {
          const run = gathered.shift();
          if (!run) break;
          const lhr = await analyse(run.dir, cpuSlowdown);
          if (lhr.runtimeError) {
            unmeasured.push(`attempt ${run.attempt}: not measured (${lhr.runtimeError.code}), run again`);
            if (attempt < runs + 2) gathered.push(await gather());
            continue;
          }
          const { categories, audits, configSettings } = lhr;
          expect(configSettings.throttlingMethod, 'simulated throttling').toBe('simulate');
          expect(configSettings.throttling, 'the network stays slow 4G').toMatchObject(SLOW_4G);
          expect(configSettings.formFactor).toBe('mobile');
          const atDefault = await analyse(run.dir, LIGHTHOUSE_DEFAULT_SLOWDOWN);
          results.push({
            benchmarkIndex: run.benchmarkIndex,
            performance: categories.performance?.score ?? 0,
            performanceAtDefault: atDefault.categories.performance?.score ?? 0,
            accessibility: categories.accessibility?.score ?? 0,
            fcp: audits['first-contentful-paint']?.numericValue ?? NaN,
            lcp: audits['largest-contentful-paint']?.numericValue ?? NaN,
            tbt: audits['total-blocking-time']?.numericValue ?? NaN,
          });
          const failedA11y = Object.values(audits)
            .filter(
              (audit) => audit.score === 0 && categories.accessibility?.auditRefs.some((ref) => ref.id === audit.id),
            )
            .map((audit) => audit.id);
          if (failedA11y.length > 0)
            testInfo.annotations.push({ type: `${name} accessibility`, description: failedA11y.join(', ') });
        }
      } finally {
        await browser.close();
      }

      const table = [
        `CPU ${cpuSlowdown}x, from the median benchmarkIndex ${Math.round(hostIndex)}`,
        ...results.map(
          (r, i) =>
            `run ${i + 1}: benchmarkIndex ${Math.round(r.benchmarkIndex)}, performance ${r.performance.toFixed(2)} ` +
            `(${r.performanceAtDefault.toFixed(2)} at ${LIGHTHOUSE_DEFAULT_SLOWDOWN}x), accessibility ${r.accessibility.toFixed(2)}, ` +
            `FCP ${Math.round(r.fcp)} ms, LCP ${Math.round(r.lcp)} ms, TBT ${Math.round(r.tbt)} ms`,
        ),
        ...unmeasured,
      ].join('\n');
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
