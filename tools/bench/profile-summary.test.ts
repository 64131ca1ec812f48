import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { hotSpots, readProfile, shareByPlace } from './profile-summary.ts';

const frame = (functionName: string, url: string, lineNumber = 0) => ({ functionName, url, lineNumber });

const profile = {
  nodes: [
    { id: 1, hitCount: 0, callFrame: frame('(root)', '') },
    { id: 2, hitCount: 6, callFrame: frame('resolveResponse', 'file:///app/node_modules/@trpc/server/dist/x.mjs', 40) },
    { id: 3, hitCount: 2, callFrame: frame('handler', 'file:///app/dist/server/main.js', 9) },
    { id: 4, hitCount: 2, callFrame: frame('(garbage collector)', '') },
    { id: 5, hitCount: 30, callFrame: frame('(idle)', '') },
  ],
};

describe('hotSpots', () => {
  it('ranks functions by their own samples, idle excluded, naming the package or file and line', () => {
    expect(hotSpots(profile)).toEqual([
      { where: 'resolveResponse (@trpc/server)', selfPercent: 60 },
      { where: 'handler (server/main.js:10)', selfPercent: 20 },
      { where: '(garbage collector) ((native))', selfPercent: 20 },
    ]);
  });

  it('keeps only the top entries', () => {
    expect(hotSpots(profile, 1)).toHaveLength(1);
  });
});

describe('shareByPlace', () => {
  it('adds self time per package, native frames under their own names', () => {
    expect(shareByPlace(profile)).toEqual({
      '@trpc/server': 60,
      'server/main.js': 20,
      '(garbage collector)': 20,
    });
  });
});

describe('readProfile on a bundle', () => {
  it('names the package a bundled frame came from, through the source map', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'profile-map-'));
    try {
      mkdirSync(join(dir, 'node_modules', 'some-package'), { recursive: true });
      writeFileSync(join(dir, 'node_modules', 'some-package', 'index.js'), 'export function hot() { return 42; }\n');
      writeFileSync(join(dir, 'entry.js'), "import { hot } from 'some-package';\nconsole.log(hot());\n");
      await build({
        entryPoints: [join(dir, 'entry.js')],
        outfile: join(dir, 'out', 'bundle.js'),
        bundle: true,
        format: 'esm',
        sourcemap: true,
        sourcesContent: false,
        logLevel: 'silent',
      });
      const bundle = join(dir, 'out', 'bundle.js');
      const lines = readFileSync(bundle, 'utf8').split('\n');
      const lineNumber = lines.findIndex((line) => line.includes('function hot'));
      const columnNumber = lines[lineNumber]?.indexOf('function hot') ?? 0;
      const file = join(dir, 'profile.cpuprofile');
      writeFileSync(
        file,
        JSON.stringify({
          nodes: [
            {
              id: 1,
              hitCount: 3,
              callFrame: { functionName: 'hot', url: pathToFileURL(bundle).href, lineNumber, columnNumber },
            },
          ],
        }),
      );
      expect(hotSpots(readProfile(file))).toEqual([{ where: 'hot (some-package)', selfPercent: 100 }]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
