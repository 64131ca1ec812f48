import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appRoot } from '../../src/server/paths.ts';
import { containerNodeOptions } from '../load/server.ts';
import {
  assertBuildStageSteps,
  assertRuntimeIsolation,
  describeRuntimeStage,
  dockerfileNodeMajor,
  parseDockerfile,
  readStages,
  type Stage,
} from './dockerfile.ts';

/** A runtime stage that passes every check; tests swap one line to break one rule. */
const RUNTIME_LINES = [
  'FROM node:22-slim AS runtime',
  'ENV NODE_ENV=production HOST=0.0.0.0 DATABASE_URL=file:/data/app.db',
  'WORKDIR /app',
  'COPY --from=build /app/dist ./dist',
  'VOLUME /data',
  'USER node',
  'HEALTHCHECK --interval=30s CMD ["node", "-e", "process.exit(0)"]',
  'CMD ["node", "dist/server/main.js"]',
];

function runtimeWith(replace: Record<string, string | undefined>): Stage {
  const lines = RUNTIME_LINES.flatMap((line) => {
    const keyword = line.split(' ')[0] ?? '';
    if (!(keyword in replace)) return [line];
    const replacement = replace[keyword];
    return replacement === undefined ? [] : [replacement];
  });
  const [stage] = parseDockerfile(lines.join('\n'));
  if (!stage) throw new Error('fixture has no stage');
  return stage;
}

const BUILD_STAGE = [
  'FROM node:22-slim AS build',
  'WORKDIR /app',
  'RUN npm ci --no-audit',
  'RUN npm run build',
  'RUN npm prune --omit=dev --omit=optional --no-audit',
].join('\n');

describe('parseDockerfile', () => {
  it('splits stages, joins continued lines, drops comments and upper-cases keywords', () => {
    const stages = parseDockerfile(
      [
        '# syntax=docker/dockerfile:1',
        'ARG BASE=22',
        'FROM --platform=linux/amd64 node:22-bookworm-slim AS build',
        'RUN apt-get update \\',
        '  # a comment inside the continuation',
        '  && apt-get install -y python3 \\',
        '  && rm -rf /var/lib/apt/lists/*',
        '',
        'workdir /app',
        'FROM node:22-bookworm-slim',
        'CMD ["node", "main.js"]',
      ].join('\r\n'),
    );
    expect(stages.map(({ image, name }) => ({ image, name }))).toEqual([
      { image: 'node:22-bookworm-slim', name: 'build' },
      { image: 'node:22-bookworm-slim', name: undefined },
    ]);
    const [build, runtime] = stages;
    expect(build?.instructions.map((i) => i.keyword)).toEqual(['RUN', 'WORKDIR']);
    expect(build?.instructions[0]?.args.replace(/\s+/g, ' ')).toBe(
      'apt-get update && apt-get install -y python3 && rm -rf /var/lib/apt/lists/*',
    );
    expect(runtime?.instructions).toEqual([{ keyword: 'CMD', args: '["node", "main.js"]' }]);
  });

  it('leaves instructions before the first FROM (global ARGs) out of every stage', () => {
    const stages = parseDockerfile('ARG VERSION=1\nFROM node:22\nRUN true');
    expect(stages).toHaveLength(1);
    expect(stages[0]?.instructions).toEqual([{ keyword: 'RUN', args: 'true' }]);
  });
});

describe('dockerfileNodeMajor', () => {
  it('reads the one major that every FROM names', () => {
    expect(
      dockerfileNodeMajor(parseDockerfile('FROM node:22-bookworm-slim AS a\nFROM node:22.23.0\nFROM node:22')),
    ).toBe(22);
  });

  it('refuses stages on different majors, or none on node:NN', () => {
    expect(() => dockerfileNodeMajor(parseDockerfile('FROM node:22-slim AS a\nFROM node:24-slim'))).toThrow(
      'found majors: 22, 24',
    );
    expect(() => dockerfileNodeMajor(parseDockerfile('FROM node:lts\nFROM debian:12'))).toThrow('found majors: none');
  });
});

describe('describeRuntimeStage', () => {
  it('reads the exec-form CMD and HEALTHCHECK, the copies, the user, the volumes', () => {
    const runtime = describeRuntimeStage(runtimeWith({}));
    expect(runtime).toMatchObject({
      workdir: '/app',
      command: ['node', 'dist/server/main.js'],
      healthcheck: ['node', '-e', 'process.exit(0)'],
      copies: [{ from: 'build', sources: ['/app/dist'], destination: './dist' }],
      user: 'node',
      volumes: ['/data'],
    });
  });

  it('refuses a shell-form CMD or HEALTHCHECK, which would keep SIGTERM from node', () => {
    expect(() => describeRuntimeStage(runtimeWith({ CMD: 'CMD node dist/server/main.js' }))).toThrow(
      'CMD must use the exec form ["node", ...], got: node dist/server/main.js',
    );
    expect(() => describeRuntimeStage(runtimeWith({ HEALTHCHECK: 'HEALTHCHECK CMD curl -f localhost' }))).toThrow(
      'HEALTHCHECK must use the exec form',
    );
    expect(() => describeRuntimeStage(runtimeWith({ CMD: 'CMD []' }))).toThrow('CMD must use the exec form');
  });

  it('refuses a stage without CMD or HEALTHCHECK', () => {
    expect(() => describeRuntimeStage(runtimeWith({ CMD: undefined }))).toThrow('The last stage has no CMD.');
    expect(() => describeRuntimeStage(runtimeWith({ HEALTHCHECK: undefined }))).toThrow('has no HEALTHCHECK');
  });

  it('reads ENV in the key=value and the legacy "key value" forms; ${ARG}s become empty', () => {
    const [stage] = parseDockerfile(
      [
        'FROM node:22',
        'ENV A=1 B="two" C=${APP_COMMIT} D=x$SUFFIX E="--one --two"',
        'ENV LEGACY some spaced value',
        'ENV A=3',
        'HEALTHCHECK CMD ["true"]',
        'CMD ["node"]',
      ].join('\n'),
    );
    if (!stage) throw new Error('fixture has no stage');
    expect(describeRuntimeStage(stage).env).toEqual({
      A: '3',
      B: 'two',
      C: '',
      D: 'x',
      E: '--one --two',
      LEGACY: 'some spaced value',
    });
  });

  it('counts a stage without USER as root', () => {
    expect(describeRuntimeStage(runtimeWith({ USER: undefined })).user).toBe('root');
  });
});

describe('assertRuntimeIsolation', () => {
  it('accepts a non-root user, the database on a volume, HOST=0.0.0.0', () => {
    expect(() => {
      assertRuntimeIsolation(describeRuntimeStage(runtimeWith({})));
    }).not.toThrow();
  });

  it.each([['USER root'], ['USER 0'], ['USER root:node'], ['USER 0:0']])('refuses %s', (user) => {
    expect(() => {
      assertRuntimeIsolation(describeRuntimeStage(runtimeWith({ USER: user })));
    }).toThrow('non-root USER');
  });

  it('refuses a stage that never leaves root', () => {
    expect(() => {
      assertRuntimeIsolation(describeRuntimeStage(runtimeWith({ USER: undefined })));
    }).toThrow('non-root USER');
  });

  it('refuses a database outside every VOLUME, and a server bound to localhost', () => {
    expect(() => {
      assertRuntimeIsolation(describeRuntimeStage(runtimeWith({ VOLUME: 'VOLUME /database' })));
    }).toThrow('DATABASE_URL (file:/data/app.db) must point into a VOLUME.');
    expect(() => {
      assertRuntimeIsolation(describeRuntimeStage(runtimeWith({ ENV: 'ENV DATABASE_URL=file:/data/app.db' })));
    }).toThrow('HOST=0.0.0.0');
  });
});

describe('assertBuildStageSteps', () => {
  const buildStage = (runs: string[]): Stage => {
    const [stage] = parseDockerfile(['FROM node:22 AS build', ...runs.map((run) => `RUN ${run}`)].join('\n'));
    if (!stage) throw new Error('fixture has no stage');
    return stage;
  };

  it('accepts npm ci, build and prune in that order, among other steps', () => {
    expect(() => {
      assertBuildStageSteps(
        buildStage(['apt-get update', 'npm ci', 'npm run build', 'npm prune --omit=dev --omit=optional']),
      );
    }).not.toThrow();
  });

  it('refuses a missing step or steps out of order', () => {
    expect(() => {
      assertBuildStageSteps(buildStage(['npm ci', 'npm run build', 'npm prune --omit=dev']));
    }).toThrow('must RUN `npm prune --omit=dev --omit=optional`');
    expect(() => {
      assertBuildStageSteps(buildStage(['npm run build', 'npm ci', 'npm prune --omit=dev --omit=optional']));
    }).toThrow('must RUN `npm run build`');
  });
});

describe('readStages', () => {
  it('pairs the last stage with the named stage it copies from', () => {
    const { buildStage, runtime } = readStages(parseDockerfile(`${BUILD_STAGE}\n${RUNTIME_LINES.join('\n')}`));
    expect(buildStage.name).toBe('build');
    expect(runtime.command).toEqual(['node', 'dist/server/main.js']);
  });

  it('refuses a runtime stage that copies from no named stage', () => {
    const text = `${BUILD_STAGE.replace('AS build', 'AS builder')}\n${RUNTIME_LINES.join('\n')}`;
    expect(() => readStages(parseDockerfile(text))).toThrow('copies from no named build stage');
  });
});

describe("the project's Dockerfile", () => {
  const stages = parseDockerfile(readFileSync(join(appRoot, 'Dockerfile'), 'utf8'));

  it('passes every structural check the replay makes', () => {
    const { buildStage, runtime } = readStages(stages);
    expect(buildStage.name).toBe('build');
    expect(runtime.command).toEqual(['node', 'dist/server/main.js']);
    expect(runtime.healthcheck[0]).toBe('node');
    expect(['root', '0']).not.toContain(runtime.user.split(':')[0]);
    expect(runtime.volumes).toContain('/data');
    expect(runtime.env).toMatchObject({ HOST: '0.0.0.0', DATABASE_URL: 'file:/data/app.db', NODE_ENV: 'production' });
    expect(runtime.copies.map((copy) => copy.sources)).toContainEqual(['/app/dist']);
  });

  it('names one Node major in every FROM', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    expect(Number.isInteger(dockerfileNodeMajor(stages))).toBe(true);
  });
});

describe('the heap limits', () => {
  it('are the same for npm start and the container', () => {
    const packageJson = readFileSync(join(appRoot, 'package.json'), 'utf8');
    const start = (JSON.parse(packageJson) as { scripts: { start: string } }).scripts.start;
    const heapLimits = containerNodeOptions()
      .split(' ')
      .filter((flag) => /^--max-(old|semi)-space-size=\d+$/.test(flag));
    expect(heapLimits).toHaveLength(2);
    // npm start runs on the developer's node (>= 20.19), which lacks the image's Node 22 flags.
    expect(start).toContain(`node ${heapLimits.join(' ')} dist/server/main.js`);
  });
});
