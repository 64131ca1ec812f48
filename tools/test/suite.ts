/**
 * `npm test`: the whole suite, leg by leg, failing at the first leg that fails, then a
 * table of each leg's time. The static checks run side by side, and so do the unit suite
 * and the container replay; the other legs run one at a time, Lighthouse alone, since its
 * scores read the host's speed. The production build is made once, for the journeys and
 * Lighthouse: the example leg builds its own compiled copy, and the container replay builds
 * as its Dockerfile does, in a clean clone.
 *
 *   npm test [-- --from <leg>] [-- --only <leg>[,<leg>…]]   e.g. `npm test -- --only build,e2e`
 *
 * CI runs the legs as parallel jobs (.github/workflows/ci.yml, each `.ci/run <legs>`).
 */
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';

interface Command {
  label: string;
  command: string;
}

interface Leg {
  name: string;
  /** Commands run side by side; their output is printed whole, one after another. */
  commands: Command[];
  /** Another leg this one runs beside, when both run. */
  beside?: string;
}

const npmRun = (script: string): Command => ({ label: script, command: `npm run --silent ${script}` });

/**
 * The legs in order. The container replay runs beside the unit suite: it spends most of its
 * time on one core (compiling better-sqlite3 for the image's Node, unpacking packages) while
 * the unit suite's files wait on servers, child processes and PostgreSQL.
 */
const legs: Leg[] = [
  { name: 'static', commands: [npmRun('typecheck'), npmRun('lint'), npmRun('format:check')] },
  { name: 'unit', commands: [npmRun('test:unit')] },
  { name: 'container', commands: [npmRun('verify:container')], beside: 'unit' },
  { name: 'build', commands: [npmRun('build')] },
  { name: 'e2e', commands: [npmRun('test:journeys')] },
  { name: 'lighthouse', commands: [npmRun('test:lighthouse')] },
  { name: 'example', commands: [npmRun('test:example')] },
];

interface Outcome {
  label: string;
  code: number;
  seconds: number;
  output: string;
}

/** Runs a command in a shell; its output goes straight through when it runs alone, else is kept. */
function runCommand({ label, command }: Command, alone: boolean): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code, signal) => {
      resolve({ label, code: code ?? (signal ? 128 : 1), seconds: (performance.now() - started) / 1000, output });
    });
  });
}

async function runLeg(leg: Leg, alone: boolean): Promise<{ ok: boolean; seconds: number; parts: Outcome[] }> {
  console.log(`\n==> ${leg.name}: ${leg.commands.map((command) => command.label).join(', ')}`);
  const started = performance.now();
  const streamed = alone && leg.commands.length === 1;
  const parts = await Promise.all(
    leg.commands.map(async (command) => {
      const outcome = await runCommand(command, streamed);
      if (!streamed)
        process.stdout.write(`\n--- ${outcome.label} (${outcome.seconds.toFixed(0)} s)\n${outcome.output}`);
      return outcome;
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const ok = parts.every((part) => part.code === 0);
  console.log(`<== ${leg.name}: ${ok ? 'passed' : 'FAILED'} in ${seconds.toFixed(0)} s`);
  return { ok, seconds, parts };
}

/** The chosen legs in stages: a leg and the legs that run beside it. */
function stages(chosen: Leg[]): Leg[][] {
  const names = new Set(chosen.map((leg) => leg.name));
  const grouped: Leg[][] = [];
  for (const leg of chosen) {
    if (leg.beside !== undefined && names.has(leg.beside)) continue;
    grouped.push([leg, ...chosen.filter((other) => other.beside === leg.name)]);
  }
  return grouped;
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { from: { type: 'string' }, only: { type: 'string' } } });
  const names = legs.map((leg) => leg.name);
  const only = values.only?.split(',').filter(Boolean);
  for (const name of [values.from, ...(only ?? [])]) {
    if (name !== undefined && !names.includes(name)) {
      console.error(`No leg "${name}": the legs are ${names.join(', ')}.`);
      return 2;
    }
  }
  const first = values.from ? names.indexOf(values.from) : 0;
  const chosen = only ? legs.filter((leg) => only.includes(leg.name)) : legs.slice(first);

  const started = performance.now();
  const rows: string[] = [];
  let failed: string | undefined;
  for (const stage of stages(chosen)) {
    const results = await Promise.all(stage.map((leg) => runLeg(leg, stage.length === 1)));
    stage.forEach((leg, index) => {
      const result = results[index];
      if (!result) return;
      const detail =
        result.parts.length > 1 ? ` (${result.parts.map((p) => `${p.label} ${p.seconds.toFixed(0)}`).join(', ')})` : '';
      const beside = leg.beside && stage.length > 1 ? `, beside ${leg.beside}` : '';
      rows.push(
        `  ${result.seconds.toFixed(0).padStart(5)} s  ${leg.name}${detail}${beside}${result.ok ? '' : '  FAILED'}`,
      );
      if (!result.ok) failed ??= leg.name;
    });
    if (failed) break;
  }
  const total = (performance.now() - started) / 1000;
  console.log(`\nLegs:\n${rows.join('\n')}\n  ${total.toFixed(0).padStart(5)} s  in all`);
  if (failed) {
    console.error(`\nnpm test FAILED in the ${failed} leg.`);
    return 1;
  }
  console.log('\nnpm test passed.');
  return 0;
}

process.exitCode = await main();
