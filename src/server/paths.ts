import { existsSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder holding the project's package.json. Found by walking up from this
 * module, because the same code runs from `src/` (tsx, tests) and from the
 * bundled `dist/server/` (production), at different depths.
 */
export const appRoot: string = (() => {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('package.json not found above the server code');
    dir = parent;
  }
  return dir;
})();

/** Resolves a configured path: absolute stays, relative is taken from the app root. */
export function fromAppRoot(path: string): string {
  return isAbsolute(path) ? path : resolve(appRoot, path);
}
