import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, createLogger } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { initialJsBudget } from './initial-js-budget.ts';
import { measureInitialJs } from './initial-js.ts';

const dirs: string[] = [];

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A tiny app: an entry, a module it imports, and a screen it loads lazily that is much bigger than both. */
function fixture(): string {
  const root = mkdtempSync(join(tmpdir(), 'initial-js-budget-'));
  dirs.push(root);
  const files: Record<string, string> = {
    'index.html': '<!doctype html><html><body><script type="module" src="/src/main.js"></script></body></html>',
    'src/main.js': `import { greet } from './greet.js';
document.body.append(greet('first paint'));
document.body.addEventListener('click', () => import('./screen.js').then((screen) => screen.show()));`,
    'src/greet.js': `export const greet = (name) => 'Hello, ' + name;`,
    // Random text does not compress: the lazy chunk alone would break any budget below.
    'src/screen.js': `export const show = () => console.log(${JSON.stringify(randomText(40_000))});`,
  };
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}

/** Letters from a fixed-seed xorshift generator: the same every run, and nearly incompressible. */
function randomText(length: number): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  let state = 0x2f6b3a1d;
  return Array.from({ length }, () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return alphabet[(state >>> 0) % alphabet.length];
  }).join('');
}

/** Builds the fixture with the plugin, collecting what Vite logs. */
async function buildWith(root: string, budgetGzipBytes?: number) {
  const logged: string[] = [];
  const logger = createLogger('info', { allowClearScreen: false });
  logger.info = (message) => {
    logged.push(message);
  };
  await build({
    root,
    configFile: false,
    logLevel: 'info',
    customLogger: logger,
    plugins: [initialJsBudget(budgetGzipBytes === undefined ? {} : { budgetGzipBytes })],
    build: { outDir: 'dist', emptyOutDir: true },
  });
  return logged;
}

describe('initialJsBudget (a Vite plugin)', () => {
  it('fails the build when the initial JS is over the budget, naming sizes, budget and modules', async () => {
    const root = fixture();
    const failure = buildWith(root, 10);
    await expect(failure).rejects.toThrow(/Initial JS is over its budget: \d+ bytes gzip .* > 10 bytes/);
    await expect(failure).rejects.toThrow(/Largest modules[^]*src\/main\.js/);
  });

  it('passes under the budget, printing one line, without counting the lazy screen', async () => {
    const root = fixture();
    const logged = await buildWith(root);

    const initial = measureInitialJs(join(root, 'dist'));
    expect(initial.files).toHaveLength(1);
    expect(initial.gzip).toBeLessThan(2_000);
    // The screen's chunk was built, and alone it would break the budget.
    const lazy = readdirSync(join(root, 'dist/assets')).filter((file) => !initial.files.includes(`assets/${file}`));
    expect(lazy).toHaveLength(1);
    expect(gzipSync(readFileSync(join(root, 'dist/assets', lazy[0] ?? ''))).length).toBeGreaterThan(20_000);
    const summary = logged.filter((line) => line.startsWith('initial JS:'));
    expect(summary).toEqual([
      `initial JS: 1 file(s), ${(initial.bytes / 1024).toFixed(1)} KiB, ${(initial.gzip / 1024).toFixed(1)} KiB gzip (budget 125.0 KiB), ${(initial.brotli / 1024).toFixed(1)} KiB brotli`,
    ]);
  });

  it('fails once the lazy screen becomes part of the first paint', async () => {
    const root = fixture();
    writeFileSync(
      join(root, 'src/main.js'),
      `import { greet } from './greet.js';
import { show } from './screen.js';
document.body.append(greet('first paint'));
document.body.addEventListener('click', show);`,
    );
    await expect(buildWith(root, 20_000)).rejects.toThrow(/over its budget[^]*src\/screen\.js/);
  });
});
