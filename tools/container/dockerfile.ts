import { VerifyError } from './steps.ts';

/** As in the Dockerfile, which explains --omit=optional. */
export const PRUNE = ['npm', 'prune', '--omit=dev', '--omit=optional'];

export interface Instruction {
  keyword: string;
  args: string;
}

export interface Stage {
  image: string;
  name: string | undefined;
  instructions: Instruction[];
}

/** Splits a Dockerfile into stages of instructions: comments dropped, continued lines joined. */
export function parseDockerfile(text: string): Stage[] {
  const stages: Stage[] = [];
  let pending = '';
  for (const line of text.split(/\r?\n/)) {
    if (/^\s*#/.test(line)) continue;
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1)} `;
      continue;
    }
    const logical = (pending + line).trim();
    pending = '';
    if (!logical) continue;
    const [keyword = '', args = ''] = logical.split(/\s+(.*)/s);
    const instruction = { keyword: keyword.toUpperCase(), args: args.trim() };
    if (instruction.keyword === 'FROM') {
      const [image = '', , name] = instruction.args.replace(/--\S+\s+/g, '').split(/\s+/);
      stages.push({ image, name, instructions: [] });
    } else {
      const stage = stages.at(-1);
      if (stage) stage.instructions.push(instruction);
    }
  }
  return stages;
}

/** The arguments of every `keyword` instruction of the stage, in order. */
export function argsOf(stage: Stage, keyword: string): string[] {
  return stage.instructions.filter((i) => i.keyword === keyword).map((i) => i.args);
}

/** The single Node major every `FROM node:NN...` names. */
export function dockerfileNodeMajor(stages: Stage[]): number {
  const majors = new Set(stages.flatMap((stage) => /^node:(\d+)(?:[.-]|$)/.exec(stage.image)?.[1] ?? []));
  if (majors.size !== 1) {
    throw new VerifyError(
      `Every FROM must name the same node:NN image; found majors: ${[...majors].join(', ') || 'none'}`,
    );
  }
  return Number([...majors][0]);
}

/** A JSON-array (exec form) command, which makes node PID 1 so it receives SIGTERM itself. */
function execForm(what: string, args: string): string[] {
  try {
    const parsed: unknown = JSON.parse(args);
    if (Array.isArray(parsed) && parsed.length > 0 && parsed.every((part) => typeof part === 'string')) {
      return parsed;
    }
  } catch {
    // Reported below.
  }
  throw new VerifyError(`${what} must use the exec form ["node", ...], got: ${args}`);
}

export interface RuntimeStage {
  workdir: string;
  env: Record<string, string>;
  copies: { from: string; sources: string[]; destination: string }[];
  command: string[];
  healthcheck: string[];
  user: string;
  volumes: string[];
}

/** What the last stage declares. `${ARG}` references become empty: no build arguments are set here. */
export function describeRuntimeStage(stage: Stage): RuntimeStage {
  const env: Record<string, string> = {};
  for (const args of argsOf(stage, 'ENV')) {
    // key=value pairs, a value quoted when it holds spaces; or the legacy `key value`.
    const pairs = args.includes('=')
      ? [...args.matchAll(/(\w+)=("[^"]*"|\S*)/g)].map(([, key = '', value = '']) => [key, value] as const)
      : [[args.split(/\s+/)[0] ?? '', args.replace(/^\S+\s+/, '')] as const];
    for (const [key, value] of pairs) {
      env[key] = value.replace(/^"(.*)"$/s, '$1').replace(/\$\{?\w+\}?/g, '');
    }
  }
  const copies = argsOf(stage, 'COPY')
    .filter((args) => args.includes('--from='))
    .map((args) => {
      const from = /--from=(\S+)/.exec(args)?.[1] ?? '';
      const paths = args.split(/\s+/).filter((token) => !token.startsWith('--'));
      return { from, sources: paths.slice(0, -1), destination: paths.at(-1) ?? '' };
    });
  const [cmd] = argsOf(stage, 'CMD').slice(-1);
  const [healthcheck] = argsOf(stage, 'HEALTHCHECK').slice(-1);
  const healthcheckCommand = /(?:^|\s)CMD\s+(.*)$/s.exec(healthcheck ?? '')?.[1];
  if (!cmd) throw new VerifyError('The last stage has no CMD.');
  if (!healthcheckCommand) throw new VerifyError('The last stage has no HEALTHCHECK ... CMD [...].');
  return {
    workdir: argsOf(stage, 'WORKDIR').at(-1) ?? '/',
    env,
    copies,
    command: execForm('CMD', cmd),
    healthcheck: execForm('HEALTHCHECK', healthcheckCommand),
    user: argsOf(stage, 'USER').at(-1) ?? 'root',
    volumes: argsOf(stage, 'VOLUME').flatMap((args) => args.split(/\s+/)),
  };
}

/** The replay runs fixed npm commands; this keeps them the ones the build stage runs, in order. */
export function assertBuildStageSteps(stage: Stage): void {
  const runs = argsOf(stage, 'RUN');
  let from = 0;
  for (const expected of ['npm ci', 'npm run build', PRUNE.join(' ')]) {
    const found = runs.findIndex((run, index) => index >= from && run.includes(expected));
    if (found < 0) throw new VerifyError(`The build stage must RUN \`${expected}\` (after the steps before it).`);
    from = found + 1;
  }
}

/** What the replay cannot run but can read: a non-root user, the database on a volume, reachable. */
export function assertRuntimeIsolation(runtime: RuntimeStage): void {
  if (['root', '0'].includes(runtime.user.split(':')[0] ?? '')) {
    throw new VerifyError('The last stage must switch to a non-root USER.');
  }
  const databaseFile = (runtime.env.DATABASE_URL ?? '').replace(/^file:/, '');
  if (!runtime.volumes.some((volume) => databaseFile.startsWith(`${volume.replace(/\/$/, '')}/`))) {
    throw new VerifyError(`DATABASE_URL (${runtime.env.DATABASE_URL ?? 'unset'}) must point into a VOLUME.`);
  }
  if (runtime.env.HOST !== '0.0.0.0') throw new VerifyError('The last stage must set HOST=0.0.0.0.');
}

/**
 * The two stages the replay needs: the last one, as the runtime, and the named stage it copies
 * from, as the build; both checked for what the replay relies on.
 */
export function readStages(stages: Stage[]): { buildStage: Stage; runtime: RuntimeStage } {
  const runtimeStage = stages.at(-1);
  if (!runtimeStage) throw new VerifyError('The Dockerfile has no FROM.');
  const runtime = describeRuntimeStage(runtimeStage);
  assertRuntimeIsolation(runtime);
  const buildStage = stages.find((stage) => stage.name && runtime.copies.some((copy) => copy.from === stage.name));
  if (!buildStage) throw new VerifyError('The last stage copies from no named build stage.');
  assertBuildStageSteps(buildStage);
  return { buildStage, runtime };
}
