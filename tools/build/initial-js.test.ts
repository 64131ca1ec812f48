import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { INITIAL_JS_GZIP_BUDGET, measureInitialJs } from './initial-js.ts';

const dirs: string[] = [];

/** A client folder with these files (path → content). */
function fakeDist(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'initial-js-'));
  dirs.push(dir);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const page = (head: string) => `<!doctype html><html><head>${head}</head><body><div id="root"></div></body></html>`;
// Compressible, and different per file, so a file counted twice or missed changes every sum.
const filler = (name: string) => `/* ${name} */ export const text = ${JSON.stringify(`${name} `.repeat(200))};\n`;

describe('measureInitialJs', () => {
  it('counts the entry, its modulepreloads and their static imports, transitively, but no lazy chunk or stylesheet', () => {
    const files = {
      'index.html': page(
        '<script type="module" crossorigin src="/assets/entry.js"></script>' +
          '<link rel="modulepreload" crossorigin href="/assets/vendor.js">' +
          '<link rel="stylesheet" href="/assets/style.css">',
      ),
      'assets/entry.js': `import{a}from"./vendor.js";import"./side.js";export*from"./reexported.js";const l=()=>import("./lazy.js");${filler('entry')}`,
      'assets/vendor.js': `export{b}from"./deep/nested.js";export const a=1;${filler('vendor')}`,
      'assets/side.js': filler('side'),
      'assets/reexported.js': `import"./vendor.js";${filler('reexported')}`,
      'assets/deep/nested.js': `import"../side.js";export const b=2;${filler('nested')}`,
      // Only reached by import(): a screen that loads when visited.
      'assets/lazy.js': `import"./lazy-only.js";${filler('lazy')}`,
      'assets/lazy-only.js': filler('lazy-only'),
      'assets/style.css': 'body{margin:0}',
    };
    const initial = measureInitialJs(fakeDist(files));

    const counted = [
      'assets/entry.js',
      'assets/vendor.js',
      'assets/side.js',
      'assets/reexported.js',
      'assets/deep/nested.js',
    ];
    expect(initial.files).toEqual(counted);
    const contents = counted.map((path) => Buffer.from(files[path as keyof typeof files]));
    expect(initial.bytes).toBe(contents.reduce((sum, content) => sum + content.length, 0));
    expect(initial.gzip).toBe(contents.reduce((sum, content) => sum + gzipSync(content, { level: 9 }).length, 0));
    const brotli = (content: Buffer) =>
      brotliCompressSync(content, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
      }).length;
    expect(initial.brotli).toBe(contents.reduce((sum, content) => sum + brotli(content), 0));
    expect(initial.gzip).toBeLessThan(initial.bytes);
  });

  it('counts a lazy chunk that a static import also reaches, once', () => {
    const initial = measureInitialJs(
      fakeDist({
        'index.html': page('<script type="module" src="/assets/entry.js"></script>'),
        'assets/entry.js': 'import"./shared.js";import("./shared.js");import("./lazy.js");',
        'assets/shared.js': 'import"./entry.js";export const s=1;',
        'assets/lazy.js': 'import"./shared.js";',
      }),
    );
    expect(initial.files).toEqual(['assets/entry.js', 'assets/shared.js']);
  });

  it('counts classic scripts and relative URLs, and skips inline scripts', () => {
    const initial = measureInitialJs(
      fakeDist({
        'index.html': page(
          "<script>window.x=1</script><script src='legacy.js'></script><link href=./a.js rel=modulepreload>",
        ),
        'legacy.js': 'window.y=2;',
        'a.js': 'export const a=1;',
      }),
    );
    expect(initial.files).toEqual(['legacy.js', 'a.js']);
  });

  it('names a file the page needs that is missing', () => {
    const dir = fakeDist({
      'index.html': page('<script type="module" src="/assets/entry.js"></script>'),
      'assets/entry.js': 'import"./gone.js";',
    });
    expect(() => measureInitialJs(dir)).toThrow(/gone\.js/);
  });

  it('refuses what it cannot weigh: other origins, bare specifiers, paths outside the folder, broken chunks', () => {
    const measure = (files: Record<string, string>) => () => measureInitialJs(fakeDist(files));
    expect(measure({ 'index.html': page('<script src="https://cdn.example/x.js"></script>') })).toThrow(/elsewhere/);
    expect(
      measure({
        'index.html': page('<script type="module" src="/entry.js"></script>'),
        'entry.js': 'import "react";',
      }),
    ).toThrow(/"react"/);
    expect(
      measure({
        'index.html': page('<script type="module" src="/entry.js"></script>'),
        'entry.js': 'import "../../etc/x.js";',
      }),
    ).toThrow(/outside the build folder/);
    expect(
      measure({
        'index.html': page('<script type="module" src="/entry.js"></script>'),
        'entry.js': 'import "./a.js"; export const = ;',
      }),
    ).toThrow(/entry\.js does not parse/);
  });

  it('has a budget of 125 KiB (1024-byte kilobytes)', () => {
    expect(INITIAL_JS_GZIP_BUDGET).toBe(128_000);
  });
});
