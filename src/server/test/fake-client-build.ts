import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { FIRST_USE_ENTRY, MANIFEST_FILE } from '../plugins/first-use-shell.ts';
import { PRERENDERED_FILE, type PrerenderedPages } from '../plugins/prerendered-pages.ts';
import { ROUTE_PRELOADS_FILE, type RoutePreloads } from '../plugins/route-preloads.ts';
import { scratchDir } from './test-app.ts';

/** The URL of the fake build's hashed script. */
export const FAKE_SCRIPT_URL = '/assets/app-abc123.js';

/** The URL of the fake build's stylesheet. */
export const FAKE_STYLESHEET_URL = '/assets/index-def456.css';

/** The fake build's HTML shell: a title, its script and stylesheet from its own origin and an empty root, as Vite writes them. */
export const FAKE_SHELL =
  `<!doctype html><head><title>shell</title><script type="module" crossorigin src="${FAKE_SCRIPT_URL}"></script>` +
  `<link rel="stylesheet" crossorigin href="${FAKE_STYLESHEET_URL}"></head><body><div id="root"></div></body>`;

export interface FakeClientBuildOptions {
  /** The folder to write into (created if missing); a new scratch folder by default. */
  dir?: string;
  /** The hashed script's content. */
  script?: string;
  /** Also write .br and .gz copies of the script, as the build's compression step does. */
  compressed?: boolean;
  /** The build's route → chunks table (ROUTE_PRELOADS_FILE), if it has one. */
  routePreloads?: RoutePreloads;
  /** The build's prerendered first screens (PRERENDERED_FILE), if it has them. */
  prerendered?: PrerenderedPages;
  /** The URL of the build's first-use entry, named in Vite's manifest, if it has one. */
  firstUseEntry?: string;
}

/** The fake build's stylesheet. */
export const FAKE_STYLES = 'body{margin:0}';

/**
 * A client build with the shape Vite produces, for tests that serve one: index.html
 * (FAKE_SHELL), the hashed script and stylesheet it names, a favicon, and on request the script's
 * compressed copies. Returns the folder, for CLIENT_DIST_DIR.
 */
export function fakeClientBuild({
  dir = scratchDir(),
  script = 'console.log("app");',
  compressed = false,
  routePreloads,
  prerendered,
  firstUseEntry,
}: FakeClientBuildOptions = {}): string {
  const scriptFile = join(dir, FAKE_SCRIPT_URL);
  mkdirSync(join(dir, 'assets'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), FAKE_SHELL);
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(scriptFile, script);
  writeFileSync(join(dir, FAKE_STYLESHEET_URL), FAKE_STYLES);
  if (compressed) {
    writeFileSync(`${scriptFile}.br`, brotliCompressSync(script));
    writeFileSync(`${scriptFile}.gz`, gzipSync(script));
  }
  if (routePreloads) {
    mkdirSync(join(dir, dirname(ROUTE_PRELOADS_FILE)), { recursive: true });
    writeFileSync(join(dir, ROUTE_PRELOADS_FILE), JSON.stringify(routePreloads));
  }
  if (prerendered) {
    mkdirSync(join(dir, dirname(PRERENDERED_FILE)), { recursive: true });
    writeFileSync(join(dir, PRERENDERED_FILE), JSON.stringify(prerendered));
  }
  if (firstUseEntry) {
    mkdirSync(join(dir, dirname(MANIFEST_FILE)), { recursive: true });
    const manifest = { [FIRST_USE_ENTRY]: { file: firstUseEntry.slice(1), isEntry: true } };
    writeFileSync(join(dir, MANIFEST_FILE), JSON.stringify(manifest));
  }
  return dir;
}
