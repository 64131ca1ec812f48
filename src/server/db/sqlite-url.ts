import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fromAppRoot } from '../paths.ts';

/**
 * Turns `file:./data/app.db` into an absolute file path (relative paths are taken
 * from the app root, not the working directory) and creates its folder.
 */
export function sqliteFileFromUrl(databaseUrl: string): string {
  const path = databaseUrl.replace(/^file:/, '').replace(/\?.*$/, '');
  if (path === ':memory:') return path;
  const file = fromAppRoot(path);
  mkdirSync(dirname(file), { recursive: true });
  return file;
}
