/**
 * `npm run load:live -- [--streams 2000] [--events 40]`: a benchmark of live updates on
 * the production build, not a test (docs/performance.md, "Live updates"). It starts
 * `node dist/server/main.js` on a throwaway SQLite database as `npm run load` does, signs
 * an admin in, then:
 *
 * 1. opens idle streams (`live.changes`, server-sent events) in steps up to `--streams`,
 *    waiting for each to be live, and reads the server's RSS after each step: the memory
 *    an idle stream holds, and how many fit in the 150 MiB idle budget;
 * 2. makes `--events` changes (admin.users.setRole) with no stream open, then the same
 *    with every stream open, waits until every stream has every event, and reads the
 *    server's CPU time (/proc) both ways: the difference per delivered event is the
 *    cost of delivering one.
 *
 * The client runs in this process on the same machine: its CPU is not the server's,
 * but it competes for the same cores, so the figures are upper bounds.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { stopGracefully } from '../container/processes.ts';
import { prepareFixtures } from './prepare.ts';
import { ensureBuild, rssMiB, startLoadServer } from './server.ts';

const BUDGET_MIB = 150;
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** The server's user + system CPU time so far, in milliseconds (Linux /proc; 100 ticks a second). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

interface Stream {
  /** Data events received (pings and `ready` not counted). */
  changes: number;
  close(): void;
}

/** Opens one stream over a connection of its own; resolves once it is live (its `ready` event). */
let opened = 0;

function openStream(origin: string, cookie: string): Promise<Stream> {
  // Each stream from an address of its own (the server believes loopback's X-Forwarded-For),
  // as many browsers would be: the per-address rate limit is not what is measured.
  const client = ++opened;
  const forwardedFor = `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}`;
  return new Promise((resolve, reject) => {
    const stream: Stream = { changes: 0, close: () => undefined };
    const request = http.get(
      `${origin}/trpc/live.changes`,
      { headers: { cookie, accept: 'text/event-stream', 'x-forwarded-for': forwardedFor }, agent: false },
      (response) => {
        if (response.statusCode !== 200) {
          response.setEncoding('utf8');
          response.once('data', (body: string) => {
            reject(new Error(`live.changes answered ${response.statusCode}: ${body}`));
          });
          return;
        }
        let buffer = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) !== -1) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (block.includes('"kind":"ready"')) resolve(stream);
            else if (block.includes('"kind":"change"')) stream.changes += 1;
            else if (block.startsWith('event: serialized-error')) reject(new Error(block));
          }
        });
      },
    );
    request.on('error', reject);
    stream.close = () => request.destroy();
  });
}

async function setRoles(origin: string, cookie: string, memberId: string, count: number) {
  for (let index = 0; index < count; index++) {
    const response = await fetch(`${origin}/trpc/admin.users.setRole`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin, cookie },
      body: JSON.stringify({ json: { userId: memberId, role: index % 2 ? 'member' : 'admin' } }),
    });
    if (!response.ok) throw new Error(`setRole answered ${response.status}`);
  }
}

async function main() {
  const { values } = parseArgs({
    options: { streams: { type: 'string', default: '2000' }, events: { type: 'string', default: '40' } },
  });
  const target = Number(values.streams);
  const events = Number(values.events);
  await ensureBuild(process.cwd());
  const dataDir = mkdtempSync(join(tmpdir(), 'rpc-live-'));
  const server = await startLoadServer(
    dataDir,
    { app: process.cwd(), node: process.execPath },
    {
      LIVE_MAX_STREAMS: String(target),
      LIVE_STREAMS_PER_SESSION: String(target),
    },
  );
  const streams: Stream[] = [];
  await sleep(2_000);
  // The budget is for a started, idle instance: before the fixtures' password hashing grows the heap.
  const startMiB = rssMiB(server.pid);
  try {
    const { cookie, memberId } = await prepareFixtures(server.origin, join(dataDir, 'app.db'));
    await sleep(3_000);
    const idleMiB = rssMiB(server.pid);
    console.log(`Live streams on ${server.baseUrl}; load average ${loadavg()[0]?.toFixed(1)} at the start`);
    console.log(
      `| open streams | server RSS (MiB) | per stream (KiB) |\n|--:|--:|--:|\n| 0 | ${idleMiB.toFixed(1)} | |`,
    );
    const steps = [target / 8, target / 4, target / 2, target].map(Math.round);
    let perStreamKiB = 0;
    for (const step of steps) {
      while (streams.length < step) {
        const batch = Math.min(50, step - streams.length);
        streams.push(...(await Promise.all(Array.from({ length: batch }, () => openStream(server.origin, cookie)))));
      }
      await sleep(2_000);
      const rss = rssMiB(server.pid);
      perStreamKiB = ((rss - idleMiB) * 1024) / streams.length;
      console.log(`| ${streams.length} | ${rss.toFixed(1)} | ${perStreamKiB.toFixed(1)} |`);
    }
    const fit = Math.floor(((BUDGET_MIB - startMiB) * 1024) / perStreamKiB);
    console.log(
      `\nIdle streams within the ${BUDGET_MIB} MiB budget: about ${fit} (RSS ${startMiB.toFixed(1)} MiB after start, ${perStreamKiB.toFixed(1)} KiB a stream)`,
    );

    // The same changes without listeners, then with every stream listening.
    const open = streams.splice(0);
    for (const stream of open) stream.close();
    await sleep(2_000);
    const before = cpuMs(server.pid);
    await setRoles(server.origin, cookie, memberId, events);
    const withoutStreams = cpuMs(server.pid) - before;

    for (let index = 0; index < target; index += 50) {
      streams.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(50, target - index) }, () => openStream(server.origin, cookie)),
        )),
      );
    }
    await sleep(2_000);
    const start = cpuMs(server.pid);
    const started = performance.now();
    await setRoles(server.origin, cookie, memberId, events);
    while (streams.some((stream) => stream.changes < events)) await sleep(20);
    const elapsed = performance.now() - started;
    const withStreams = cpuMs(server.pid) - start;
    const delivered = events * streams.length;
    const perEventUs = ((withStreams - withoutStreams) * 1000) / delivered;
    console.log(
      `\n${events} changes: server CPU ${withoutStreams} ms with no stream, ${withStreams} ms with ${streams.length} streams ` +
        `(${delivered} events delivered in ${(elapsed / 1000).toFixed(1)} s): about ${perEventUs.toFixed(1)} µs of server CPU per delivered event`,
    );
    console.log(`Load average ${loadavg()[0]?.toFixed(1)} at the end (2 cores, shared)`);
  } finally {
    for (const stream of streams) stream.close();
    await stopGracefully(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
