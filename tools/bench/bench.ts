/**
 * `npm run bench`: the performance report, a benchmark and never a test.
 * On the container's Node (the Dockerfile's major; replaying the image's build when this
 * machine runs another), it starts a raw Fastify route (the baseline) and the app, loads
 * each case with autocannon from this process, and reports requests per second and per
 * server CPU-second, p50/p99 latency, peak RSS and the ratio to the baseline; then cold
 * start (spawn to /readyz 200) against a bare Fastify + tRPC + Prisma server, idle and
 * soak memory, and the client's initial JS. With a PostgreSQL server's URL
 * (BENCH_POSTGRES_URL, else TEST_POSTGRES_URL) it then measures the signed-in cases and
 * their stock peers on PostgreSQL against a raw `pg` read (postgresqlLeg); without one it
 * says loudly that it skipped them. Last, with every server stopped, the job throughput
 * in this process on each engine (job-throughput.ts), beside the e-mail
 * dispatcher before the job queue (a fixed reference, job-report.ts); `--jobs-only` runs that
 * alone. Writes bench-results/latest.{json,md} and the generated part of
 * docs/performance.md. Options: bench/options.ts.
 *
 * Exits non-zero when a server fails or any answer fails; a missed target is a finding,
 * reported in the table, not a failure of the run.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, release, tmpdir, totalmem, type } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { appRoot } from '../../src/server/paths.ts';
import { formatMarkdown } from '../docs/format-markdown.ts';
import { measureInitialJs } from '../build/initial-js.ts';
import { killLiveChildren, stopGracefully } from '../container/processes.ts';
import { prepareFixtures } from '../load/prepare.ts';
import { rssMiB } from '../load/server.ts';
import { databaseUrlOn, withSession } from '../../src/server/db/migration-adapters.ts';
import { createDatabase, dropDatabases } from '../../src/server/test/postgresql-server.ts';
import { benchCases, casesToRun, postgresqlCases, type BenchCase, type CaseServer } from './cases.ts';
import { combineFigures, measureCase, soak, type CaseFigures, type RunSettings } from './measure.ts';
import { readBenchOptions, type BenchOptions } from './options.ts';
import { jobsBlock, jobsMarkdown, withJobsRun, type JobsSection } from './job-report.ts';
import { measureJobThroughput } from './job-throughput.ts';
import { benchDatabaseNames, postgresqlPlan, serverAddress, type PostgresqlPlan } from './postgresql.ts';
import { hotSpots, readProfile, shareByPlace } from './profile-summary.ts';
import {
  DOCS_END,
  evaluateTargets,
  markdownOf,
  withLatestRun,
  withRatios,
  type BenchReport,
  type PostgresqlLeg,
} from './report.ts';
import { bundleBenchServers, resolveRuntime, type BenchRuntime } from './runtime.ts';
import { startBenchServer, timeToReady, type BenchServer } from './servers.ts';
import { median } from '../median.ts';

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const round = (value: number) => Math.round(value);

async function stop(server: BenchServer): Promise<void> {
  const exit = await stopGracefully(server);
  if (exit.code !== 0) throw new Error(`A server ended with ${JSON.stringify(exit)}.`);
}

/** A copy of the app's migrated database, without its WAL: the schema the write peer's Prisma client expects. */
function copySchema(from: string, to: string): void {
  const source = new Database(from, { readonly: true });
  try {
    source.exec(`VACUUM INTO '${to.replaceAll("'", "''")}'`);
  } finally {
    source.close();
  }
}

/** The session cookie of a stock peer's user (`POST /fixture` signs it up). */
async function peerCookie(server: BenchServer): Promise<string> {
  const answer = await fetch(`${server.origin}/fixture`, { method: 'POST' });
  const { cookie } = (await answer.json()) as { cookie?: string };
  if (!answer.ok || !cookie) throw new Error(`A stock peer gave no session cookie (${answer.status}).`);
  return cookie;
}

/** Each measured stretch's index: its single-client address, so no two share a rate limit. */
const phaseCounter = { next: 0 };

async function runCase(server: BenchServer | undefined, benchCase: BenchCase, turn: RunSettings): Promise<CaseFigures> {
  if (!server) throw new Error(`${benchCase.id}: its server (${benchCase.server}) is not running.`);
  console.log(`  ${benchCase.id}…`);
  const figures = await measureCase(server, benchCase, turn, phaseCounter.next);
  phaseCounter.next += 1;
  if (figures.failures > 0) throw new Error(`${benchCase.id}: ${figures.failures} failed answers.`);
  return figures;
}

/**
 * One leg: its baseline first, the cases, the baseline again. An app case and its stock
 * peer take turns, app, peer, peer, app, each half the duration: the machine's drift
 * (another process starting, a busy neighbour) then weighs on both alike, and their ratio
 * is what the targets judge.
 */
async function measureLeg(
  baselineCase: BenchCase,
  cases: BenchCase[],
  servers: Partial<Record<CaseServer, BenchServer>>,
  settings: RunSettings,
): Promise<{ first: CaseFigures; last: CaseFigures; measured: CaseFigures[] }> {
  const run = (benchCase: BenchCase, turn = settings) => runCase(servers[benchCase.server], benchCase, turn);
  const first = await run(baselineCase);
  const byId = new Map(cases.map((each) => [each.id, each]));
  const measuredWithTheirCase = new Set(cases.flatMap((each) => (each.peer && byId.has(each.peer) ? [each.peer] : [])));
  const measured: CaseFigures[] = [];
  for (const benchCase of cases) {
    if (measuredWithTheirCase.has(benchCase.id)) continue;
    const peer = benchCase.peer ? byId.get(benchCase.peer) : undefined;
    if (!peer) {
      measured.push(await run(benchCase));
      continue;
    }
    const half = Math.max(1, Math.round(settings.duration / 2));
    const warm = { ...settings, duration: half };
    const again = { ...warm, warmup: 0 };
    const appTurns = [await run(benchCase, warm)];
    const peerTurns = [await run(peer, warm), await run(peer, again)];
    appTurns.push(await run(benchCase, again));
    measured.push(combineFigures(appTurns), combineFigures(peerTurns));
  }
  const last = await run(baselineCase);
  return { first, last, measured };
}

const SKIPPED_BANNER = '='.repeat(80);

/**
 * The PostgreSQL leg: the app's signed-in cases and their stock peers on
 * PostgreSQL, against a raw Fastify route reading the same row with the pg driver. Each
 * server has a database of its own on the given server, made here and dropped after:
 * the app's, migrated by its own first start (as on SQLite); the signed-in peer's, empty
 * for the library's migration; the write peer's, a copy of the app's migrated one
 * (CREATE DATABASE … TEMPLATE), whose tables its Prisma client matches.
 */
async function postgresqlLeg(
  plan: PostgresqlPlan,
  runtime: BenchRuntime,
  options: BenchOptions,
  settings: RunSettings,
): Promise<PostgresqlLeg> {
  if (!plan.run) return { measured: false, reason: plan.reason };
  const { serverUrl } = plan;
  const names = benchDatabaseNames(process.pid);
  const urls = {
    app: databaseUrlOn(serverUrl, names.app),
    stockSignedIn: databaseUrlOn(serverUrl, names.stockSignedIn),
    stockWrite: databaseUrlOn(serverUrl, names.stockWrite),
  };
  console.log(
    `PostgreSQL leg on ${serverAddress(serverUrl)} (${plan.from}): databases ${Object.values(names).join(', ')}`,
  );
  const version = await withSession(serverUrl, async (session) => {
    const result = await session.query<{ server_version: string }>('SHOW server_version');
    return result.rows[0]?.server_version ?? 'unknown';
  });
  try {
    await createDatabase(serverUrl, names.app);
    await createDatabase(serverUrl, names.stockSignedIn);
    console.log("  the app's first start on PostgreSQL (migrations applied)…");
    const firstStartMs = round(await timeToReady('main', runtime, urls.app));
    await createDatabase(serverUrl, names.stockWrite, names.app);
    const servers = {
      pgRaw: await startBenchServer('rawPg', runtime, urls.app),
      pgApp: await startBenchServer('app', runtime, urls.app),
      pgStockSignedIn: await startBenchServer('stockSignedIn', runtime, urls.stockSignedIn),
      pgStockWrite: await startBenchServer('stockWrite', runtime, urls.stockWrite),
    };
    const fixtures = await prepareFixtures(servers.pgApp.origin, urls.app);
    const peerFixtures = {
      signedInCookie: await peerCookie(servers.pgStockSignedIn),
      writeCookie: await peerCookie(servers.pgStockWrite),
    };
    const [baselineCase, ...allCases] = postgresqlCases(servers.pgApp.origin, fixtures, peerFixtures);
    if (!baselineCase) throw new Error('No PostgreSQL baseline case.');
    const cases = casesToRun(allCases, options.cases);
    const { first, last, measured } = await measureLeg(baselineCase, cases, servers, settings);
    for (const server of Object.values(servers)) await stop(server);
    const baselinePerCpu = (first.requestsPerCpuSecond + last.requestsPerCpuSecond) / 2;
    return {
      measured: true,
      server: { version, address: serverAddress(serverUrl), from: plan.from },
      firstStartMs,
      baseline: { first, last, requestsPerCpuSecond: round(baselinePerCpu) },
      cases: withRatios(measured, cases, baselinePerCpu),
    };
  } finally {
    // A server still up (the leg failed; main's catch kills it) holds connections: WITH (FORCE) ends them.
    await dropDatabases(serverUrl, Object.values(names));
  }
}

/** The job throughput alone (`--jobs-only`): bench-results/jobs.{json,md} and the job part of docs/performance.md. */
async function jobsOnly(options: BenchOptions, resultsDir: string): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rpc-bench-jobs-'));
  try {
    const plan = postgresqlPlan(process.env);
    if (!plan.run)
      console.warn(`\n${SKIPPED_BANNER}\n  Jobs on PostgreSQL SKIPPED: ${plan.reason}.\n${SKIPPED_BANNER}\n`);
    const section = await measureJobThroughput({ email: options.emails, noop: options.jobs }, dataDir, plan);
    const startedAt = new Date().toISOString();
    const markdown = [
      `Job throughput alone (\`npm run bench -- --jobs-only\`), ${startedAt}.`,
      '',
      ...jobsMarkdown(section),
    ].join('\n');
    writeFileSync(join(resultsDir, 'jobs.json'), `${JSON.stringify({ startedAt, jobs: section }, null, 2)}\n`);
    writeFileSync(join(resultsDir, 'jobs.md'), `${markdown}\n`);
    if (!options.noDocs) {
      const docs = join(appRoot, 'docs', 'performance.md');
      const updated = withJobsRun(readFileSync(docs, 'utf8'), jobsBlock(section), DOCS_END);
      writeFileSync(docs, await formatMarkdown(updated, docs));
    }
    console.log(
      `\n${markdown}\n\nbench-results/jobs.json, bench-results/jobs.md${options.noDocs ? '' : ', docs/performance.md'}`,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const options = readBenchOptions();
  if (options.jobsOnly) {
    const resultsDir = join(appRoot, 'bench-results');
    mkdirSync(resultsDir, { recursive: true });
    await jobsOnly(options, resultsDir);
    return;
  }
  const plan = postgresqlPlan(process.env, options.cases);
  if (!plan.run) console.warn(`\n${SKIPPED_BANNER}\n  PostgreSQL leg SKIPPED: ${plan.reason}.\n${SKIPPED_BANNER}\n`);
  const runtime = await resolveRuntime(options);
  await bundleBenchServers(runtime.app);
  const resultsDir = join(appRoot, 'bench-results');
  const profileDir = join(resultsDir, 'profiles');
  mkdirSync(resultsDir, { recursive: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'rpc-bench-'));
  const databaseFile = join(dataDir, 'app.db');
  const settings = { duration: options.duration, warmup: options.warmup, connections: options.connections };
  const startedAt = new Date().toISOString();
  const loadAverageBefore = Number((loadavg()[0] ?? 0).toFixed(2));
  console.log(`Benchmark on ${runtime.nodeVersion} (${runtime.source}): ${runtime.app}`);

  try {
    // Cold start: the app's first start migrates an empty database; then app and bare
    // server take turns on the migrated one, as a restart would find it.
    console.log('Cold start…');
    const firstStartMs = round(await timeToReady('main', runtime, databaseFile));
    const appMs: number[] = [];
    const bareMs: number[] = [];
    for (let start = 0; start < options.starts; start += 1) {
      bareMs.push(round(await timeToReady('bare', runtime, databaseFile)));
      appMs.push(round(await timeToReady('main', runtime, databaseFile)));
    }

    // One more start under the profiler: the evidence for the cold-start figure.
    const startProfileDir = join(profileDir, 'start');
    rmSync(profileDir, { recursive: true, force: true });
    if (options.profile) {
      await timeToReady('main', runtime, databaseFile, ['--cpu-prof', `--cpu-prof-dir=${startProfileDir}`]);
    }

    const idleServer = await startBenchServer('main', runtime, databaseFile);
    console.log(`Idle ${options.idle} s after start…`);
    await sleep(options.idle * 1000);
    const idleAfterStartMiB = round(rssMiB(idleServer.pid));
    await stop(idleServer);

    // The peers' databases: the signed-in peer's is its own library's from nothing; the
    // write peer's a copy of the app's migrated schema, which its Prisma client matches.
    const stockWriteFile = join(dataDir, 'stock-write.db');
    copySchema(databaseFile, stockWriteFile);
    const raw = await startBenchServer('raw', runtime, databaseFile);
    const app = await startBenchServer(
      'app',
      runtime,
      databaseFile,
      options.profile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
    );
    const peers = {
      stockSignedIn: await startBenchServer('stockSignedIn', runtime, join(dataDir, 'stock-signed-in.db')),
      stockWrite: await startBenchServer('stockWrite', runtime, stockWriteFile),
    };
    const servers: Partial<Record<CaseServer, BenchServer>> = { raw, app, ...peers };
    const fixtures = await prepareFixtures(app.origin, databaseFile);
    const peerFixtures = {
      signedInCookie: await peerCookie(peers.stockSignedIn),
      writeCookie: await peerCookie(peers.stockWrite),
    };
    const [baselineCase, ...allCases] = benchCases(app.origin, fixtures, peerFixtures);
    if (!baselineCase) throw new Error('No baseline case.');
    const cases = casesToRun(allCases, options.cases);
    const appCases = cases.filter((each) => each.server === 'app');

    const { first, last, measured } = await measureLeg(baselineCase, cases, servers, settings);
    await stop(raw);
    await stop(peers.stockSignedIn);
    await stop(peers.stockWrite);

    let soakFigures = null;
    if (options.soak > 0) {
      console.log(`Soak ${options.soak} s…`);
      soakFigures = await soak(app, appCases, { seconds: options.soak, connections: options.connections });
      if (soakFigures.failures > 0) throw new Error(`Soak: ${soakFigures.failures} failed answers.`);
    }
    const peakUnderLoadMiB = Math.max(
      ...measured.filter((each) => appCases.some((appCase) => appCase.id === each.id)).map((each) => each.peakRssMiB),
      ...(soakFigures?.rssEvery10sMiB ?? []),
    );
    // Read every 5 s, not once: V8's memory reducer gives the heap grown under load back
    // only once it judges the process idle, about 30–35 s after the load here, so the series shows when the memory came back.
    console.log(`Idle ${options.idle} s after the load…`);
    const idleAfterLoadSeriesMiB: number[] = [];
    for (let waited = 0; waited < options.idle; waited += 5) {
      await sleep(Math.min(5, options.idle - waited) * 1000);
      idleAfterLoadSeriesMiB.push(round(rssMiB(app.pid)));
    }
    const idleAfterLoadMiB = idleAfterLoadSeriesMiB.at(-1) ?? round(rssMiB(app.pid));
    await stop(app);

    const postgresql = await postgresqlLeg(plan, runtime, options, settings);
    // With every server stopped: the jobs run in this process, on its Node.
    const jobs: JobsSection =
      options.jobs === 0
        ? { measured: false, reason: '--jobs 0' }
        : options.cases
          ? { measured: false, reason: 'a `--case` filter measures its cases only' }
          : await measureJobThroughput(
              { email: options.emails, noop: options.jobs },
              dataDir,
              postgresqlPlan(process.env),
            );

    const baselinePerCpu = (first.requestsPerCpuSecond + last.requestsPerCpuSecond) / 2;
    const clientDir = join(runtime.app, 'dist', 'client');
    const profileFile = options.profile
      ? readdirSync(profileDir).find((file) => file.endsWith('.cpuprofile'))
      : undefined;
    const profile = profileFile ? readProfile(join(profileDir, profileFile)) : undefined;
    const startProfileFile = options.profile
      ? readdirSync(startProfileDir).find((file) => file.endsWith('.cpuprofile'))
      : undefined;
    const partial: Omit<BenchReport, 'targets'> = {
      startedAt,
      machine: {
        cpu: cpus()[0]?.model.trim() ?? 'unknown',
        cores: cpus().length,
        memoryGiB: round(totalmem() / 2 ** 30),
        os: `${type()} ${release()}`,
        loadAverageBefore,
      },
      runtime: {
        node: runtime.nodeVersion,
        source: runtime.source,
        commit: runtime.commit,
        imageMajor: runtime.imageMajor,
        nodeOptions: runtime.nodeOptions,
      },
      settings,
      baseline: { first, last, requestsPerCpuSecond: round(baselinePerCpu) },
      cases: withRatios(measured, cases, baselinePerCpu),
      coldStart: { appMs, bareMs, appMedianMs: median(appMs), bareMedianMs: median(bareMs), firstStartMs },
      memory: { idleAfterStartMiB, peakUnderLoadMiB, idleAfterLoadMiB, idleAfterLoadSeriesMiB, soak: soakFigures },
      initialJs: existsSync(join(clientDir, 'index.html')) ? measureInitialJs(clientDir) : null,
      profile:
        profile && profileFile
          ? {
              file: join('bench-results', 'profiles', profileFile),
              hotSpots: hotSpots(profile),
              byPlace: shareByPlace(profile),
            }
          : null,
      startProfile: startProfileFile
        ? {
            file: join('bench-results', 'profiles', 'start', startProfileFile),
            byPlace: shareByPlace(readProfile(join(startProfileDir, startProfileFile))),
          }
        : null,
      postgresql,
      jobs,
    };
    const report: BenchReport = { ...partial, targets: evaluateTargets(partial) };
    const markdown = markdownOf(report);
    writeFileSync(join(resultsDir, 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);
    writeFileSync(join(resultsDir, 'latest.md'), `${markdown}\n`);
    if (!options.noDocs) {
      const docs = join(appRoot, 'docs', 'performance.md');
      // Formatted as `npm run format` would, so format:check stays green after a run.
      writeFileSync(docs, await formatMarkdown(withLatestRun(readFileSync(docs, 'utf8'), markdown), docs));
    }
    console.log(
      `\n${markdown}\n\nbench-results/latest.json, bench-results/latest.md${options.noDocs ? '' : ', docs/performance.md'}`,
    );
  } finally {
    killLiveChildren();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

try {
  await main();
} catch (error) {
  console.error(`Benchmark FAILED: ${error instanceof Error ? error.message : String(error)}`);
  killLiveChildren();
  process.exitCode = 1;
}
