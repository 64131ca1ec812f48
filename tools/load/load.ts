/**
 * `npm run load -- [--duration 20] [--idle 60] [--connections 32] [--app <folder>] [--node <bin>]`: a benchmark of
 * the production build, not a test. It starts `node dist/server/main.js` (building
 * first only when dist/ lacks it) on a free port with a throwaway SQLite database,
 * signs up a verified admin, then drives the server with autocannon from this
 * process, one phase after another (phases.ts). It prints throughput, latency
 * (p50/p90/p99), 2xx, deliberate 429s and real errors per phase, and the server's
 * RSS before, at its peak, right after and after an idle period, as Markdown; the
 * same as JSON goes to <os tmpdir>/load-report.json.
 *
 * Exits non-zero when any answer other than a 429 failed, when the server died, or
 * when it did not stop cleanly on SIGTERM.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { stopGracefully } from '../container/processes.ts';
import { readLoadOptions } from './options.ts';
import { phasesFor, runPhase } from './phases.ts';
import { prepareFixtures } from './prepare.ts';
import { figuresOf, markdownOf, type LoadReport, type PhaseFigures } from './report.ts';
import { ensureBuild, rssMiB, startLoadServer } from './server.ts';

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const round = (mib: number) => Math.round(mib);

/** Samples the server's RSS every half second until stopped; returns the highest. */
function watchPeak(pid: number): () => number {
  let peak = rssMiB(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMiB(pid));
  }, 500);
  return () => {
    clearInterval(timer);
    return Math.max(peak, rssMiB(pid));
  };
}

async function main(): Promise<number> {
  const options = readLoadOptions();
  await ensureBuild(options.app);
  const dataDir = mkdtempSync(join(tmpdir(), 'rpc-load-'));
  const server = await startLoadServer(dataDir, options);
  let died: string | undefined;
  let stopping = false;
  void server.exited.then((exit) => {
    if (!stopping) died = `exited during the run (${JSON.stringify(exit)})`;
  });
  try {
    const fixtures = await prepareFixtures(server.origin, join(dataDir, 'app.db'));
    const phases = phasesFor(server.origin, fixtures);
    const loadBefore = loadavg()[0] ?? 0;
    const beforeMiB = rssMiB(server.pid);
    const stopWatching = watchPeak(server.pid);
    const startedAt = new Date().toISOString();
    console.log(
      `Load: ${phases.length} phases × ${options.duration} s, ${options.connections} connections on ${server.baseUrl}`,
    );

    const figures: PhaseFigures[] = [];
    for (const [index, phase] of phases.entries()) {
      if (died) break;
      console.log(`  ${phase.name}…`);
      const result = await runPhase(server.baseUrl, phase, { ...options, index });
      figures.push(figuresOf(phase, result, rssMiB(server.pid)));
    }
    const peakMiB = stopWatching();
    const loadAfter = loadavg()[0] ?? 0;
    const afterLoadMiB = rssMiB(server.pid);
    console.log(`Idling ${options.idle} s before reading the memory again…`);
    await sleep(options.idle * 1000);
    const afterIdleMiB = died ? Number.NaN : rssMiB(server.pid);
    const ready = died ? 0 : (await fetch(`${server.baseUrl}/readyz`)).status;
    stopping = true;
    const exit =
      died ??
      (await stopGracefully(server).then(
        (value) => `code ${value.code ?? 'none'}`,
        (error: unknown) => (error instanceof Error ? error.message : String(error)),
      ));

    const totals = figures.reduce(
      (sum, phase) => ({
        requests: sum.requests + phase.requests,
        ok: sum.ok + phase.ok,
        rateLimited: sum.rateLimited + phase.rateLimited,
        errors: sum.errors + phase.errors,
      }),
      { requests: 0, ok: 0, rateLimited: 0, errors: 0 },
    );
    const report: LoadReport = {
      startedAt,
      node: process.version,
      loadAverage: {
        before: Number(loadBefore.toFixed(2)),
        after: Number(loadAfter.toFixed(2)),
        cores: availableParallelism(),
      },
      connections: options.connections,
      secondsPerPhase: options.duration,
      phases: figures,
      memory: {
        beforeMiB: round(beforeMiB),
        peakMiB: round(peakMiB),
        afterLoadMiB: round(afterLoadMiB),
        afterIdleMiB: round(afterIdleMiB),
        idleSeconds: options.idle,
        returnedWithin10Percent: afterIdleMiB <= beforeMiB * 1.1,
      },
      totals,
      serverExit: exit,
    };
    const file = join(tmpdir(), 'load-report.json');
    writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`\n${markdownOf(report)}\n\nJSON: ${file}`);

    const failures = [
      ...(totals.errors > 0 ? [`${totals.errors} answer(s) failed with something other than 429`] : []),
      ...(died ? [`the server ${died}`] : []),
      ...(ready !== 200 && !died ? [`/readyz answered ${ready} after the load`] : []),
      ...(exit !== 'code 0' && !died ? [`the server did not stop cleanly: ${exit}`] : []),
    ];
    if (failures.length) console.error(`\nFAILED: ${failures.join('; ')}.`);
    return failures.length ? 1 : 0;
  } finally {
    server.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error(`Load run FAILED: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
