import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { ResolvedConfig } from 'vite';
import { describe, expect, it } from 'vitest';
import { COMPILE_HINT, compileHints } from './compile-hints.ts';

/** The plugin's hooks called as Vite calls them, on a bundle of plain objects. */
function run(ssr: boolean, bundle: Record<string, object>) {
  const plugin = compileHints();
  (plugin.configResolved as (config: ResolvedConfig) => void)({ build: { ssr } } as ResolvedConfig);
  const hook = plugin.generateBundle as { order: string; handler: (options: object, bundle: object) => void };
  expect(hook.order).toBe('post');
  hook.handler({}, bundle);
  return plugin;
}

const entryCode = 'const __vite__mapDeps=(i)=>i;\nexport {};';

describe('compileHints', () => {
  it("puts the hint on the entry chunk's first line, before Vite's preload list, and compresses it again", () => {
    const entry = {
      type: 'chunk',
      isEntry: true,
      fileName: 'assets/index-a.js',
      code: entryCode,
      map: { mappings: 'AAAA' },
    };
    const screen = { type: 'chunk', isEntry: false, fileName: 'assets/screen-b.js', code: 'export {};' };
    const gz = { type: 'asset', source: 'stale' };
    const br = { type: 'asset', source: 'stale' };
    const plugin = run(false, {
      [entry.fileName]: entry,
      [screen.fileName]: screen,
      'assets/index-a.js.gz': gz,
      'assets/index-a.js.br': br,
    });

    expect(entry.code).toBe(`${COMPILE_HINT}\n${entryCode}`);
    expect(entry.map.mappings).toBe(';AAAA');
    expect(screen.code).toBe('export {};');
    expect(gunzipSync(gz.source as unknown as Buffer).toString()).toBe(entry.code);
    expect(brotliDecompressSync(br.source as unknown as Buffer).toString()).toBe(entry.code);
    const hash = plugin.augmentChunkHash as (chunk: { isEntry: boolean }) => string | undefined;
    expect(hash({ isEntry: true })).toBe(COMPILE_HINT);
    expect(hash({ isEntry: false })).toBeUndefined();
  });

  it('leaves a server-side build (the prerender) alone', () => {
    const entry = { type: 'chunk', isEntry: true, fileName: 'prerender.js', code: 'export {};' };
    run(true, { [entry.fileName]: entry });
    expect(entry.code).toBe('export {};');
  });
});
