import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { appRoot } from './paths.ts';

export interface BuildInfo {
  version: string;
  commit: string;
}

/**
 * The version comes from package.json; the commit from `APP_COMMIT` (set by the
 * container build), else from git when running from a checkout, else "unknown".
 */
export function readBuildInfo(configuredCommit: string | undefined): BuildInfo {
  const pkg = JSON.parse(readFileSync(join(appRoot, 'package.json'), 'utf8')) as { version: string };
  return {
    version: pkg.version,
    commit: configuredCommit ?? gitCommit() ?? 'unknown',
  };
}

function gitCommit(): string | undefined {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], {
      cwd: appRoot,
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .toString()
      .trim();
  } catch {
    return undefined;
  }
}
