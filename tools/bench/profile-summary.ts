import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';

/** The parts of a V8 .cpuprofile (node --cpu-prof) the summary reads. */
interface CpuProfile {
  nodes: {
    id: number;
    hitCount?: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber?: number };
  }[];
  samples?: number[];
}

/** Samples taken while the thread waited: not CPU, so not part of any share. */
const isIdle = (node: CpuProfile['nodes'][number]) => node.callFrame.functionName === '(idle)';

export interface HotSpot {
  /** `function (package or file:line)`. */
  where: string;
  /** Share of all samples spent in this function itself, in percent. */
  selfPercent: number;
}

/** `node_modules/@trpc/server/dist/x.mjs` → `@trpc/server`; our own files keep their path. */
function placeOf(url: string): string {
  const clean = url.replace(/^file:\/\//, '');
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(clean);
  if (inModules?.[1]) return inModules[1];
  if (clean.startsWith('node:')) return clean;
  return clean.split('/').slice(-2).join('/') || '(native)';
}

type Frame = CpuProfile['nodes'][number]['callFrame'];

/** Self samples summed under `keyOf` each frame, as percentages of all CPU samples, highest first. */
function sharesBy(profile: CpuProfile, keyOf: (frame: Frame) => string): [string, number][] {
  const hits = new Map<string, number>();
  let total = 0;
  for (const node of profile.nodes) {
    const count = node.hitCount ?? 0;
    if (count === 0 || isIdle(node)) continue;
    total += count;
    const key = keyOf(node.callFrame);
    hits.set(key, (hits.get(key) ?? 0) + count);
  }
  return [...hits.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([key, count]) => [key, Number(((count / total) * 100).toFixed(1))]);
}

/** Self time per function, highest first, as a share of the CPU samples (idle excluded). */
export function hotSpots(profile: CpuProfile, top = 15): HotSpot[] {
  const whereOf = ({ functionName, url, lineNumber }: Frame) =>
    `${functionName || '(anonymous)'} (${placeOf(url)}${url && !url.includes('node_modules') ? `:${lineNumber + 1}` : ''})`;
  return sharesBy(profile, whereOf)
    .slice(0, top)
    .map(([where, selfPercent]) => ({ where, selfPercent }));
}

/** Self time per package (or our file, `node:` internals, `(garbage collector)`…), idle excluded. */
export function shareByPlace(profile: CpuProfile): Record<string, number> {
  return Object.fromEntries(
    sharesBy(profile, ({ functionName, url }) => (url ? placeOf(url) : functionName || '(native)')),
  );
}

/**
 * Reads a profile, placing each frame of bundled code (the server is one bundle of our
 * code and its packages, build/server-bundle.ts) at its original file through the
 * bundle's source map, so the summary can name packages.
 */
export function readProfile(file: string): CpuProfile {
  return withOriginalSources(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile);
}

export function withOriginalSources(profile: CpuProfile): CpuProfile {
  const maps = new Map<string, SourceMap | undefined>();
  const mapOf = (url: string) => {
    if (!maps.has(url)) {
      const mapFile = `${fileURLToPath(url)}.map`;
      maps.set(
        url,
        existsSync(mapFile)
          ? new SourceMap(JSON.parse(readFileSync(mapFile, 'utf8')) as ConstructorParameters<typeof SourceMap>[0])
          : undefined,
      );
    }
    return maps.get(url);
  };
  for (const node of profile.nodes) {
    const { url, lineNumber, columnNumber = 0 } = node.callFrame;
    if (!url.startsWith('file://')) continue;
    const entry = mapOf(url)?.findEntry(lineNumber, columnNumber);
    if (entry && 'originalSource' in entry) {
      node.callFrame = {
        ...node.callFrame,
        url: new URL(entry.originalSource, url).href,
        lineNumber: entry.originalLine,
      };
    }
  }
  return profile;
}
