import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { scratchDir } from './test-app.ts';

/** The URL of the fake build's hashed script. */
export const FAKE_SCRIPT_URL = '/assets/app-abc123.js';

/** The fake build's HTML shell: a title, and its script from its own origin, as Vite writes it. */
export const FAKE_SHELL = `<!doctype html><title>shell</title><script src="${FAKE_SCRIPT_URL}"></script>`;

export interface FakeClientBuildOptions {
  /** The folder to write into (created if missing); a new scratch folder by default. */
  dir?: string;
  /** The hashed script's content. */
  script?: string;
  /** Also write .br and .gz copies of the script, as the build's compression step does. */
  compressed?: boolean;
}

/**
 * A client build with the shape Vite produces, for tests that serve one: index.html
 * (FAKE_SHELL), the hashed script it names, a favicon, and on request the script's
 * compressed copies. Returns the folder, for CLIENT_DIST_DIR.
 */
export function fakeClientBuild({
  dir = scratchDir(),
  script = 'console.log("app");',
  compressed = false,
}: FakeClientBuildOptions = {}): string {
  const scriptFile = join(dir, FAKE_SCRIPT_URL);
  mkdirSync(join(dir, 'assets'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), FAKE_SHELL);
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(scriptFile, script);
  if (compressed) {
    writeFileSync(`${scriptFile}.br`, brotliCompressSync(script));
    writeFileSync(`${scriptFile}.gz`, gzipSync(script));
  }
  return dir;
}
