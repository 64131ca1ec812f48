import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { run } from './processes.ts';
import { VerifyError, warn } from './steps.ts';
import type { Toolchain } from './toolchain.ts';

export interface Source {
  dir: string;
  commit: string;
}

function git(args: string[], cwd: string): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

function headCommit(repoRoot: string): string | undefined {
  try {
    return git(['rev-parse', '--verify', '--quiet', 'HEAD'], repoRoot);
  } catch {
    return undefined;
  }
}

/**
 * Fills `dir` with the sources `docker build` would be given, by VERIFY_SOURCE: a clone of HEAD
 * (the default), or the working tree for uncommitted work. Not yet trimmed by .dockerignore.
 */
export async function prepareSource(toolchain: Toolchain, repoRoot: string, dir: string): Promise<Source> {
  const mode = process.env.VERIFY_SOURCE ?? 'clone';
  const commit = headCommit(repoRoot);
  if (mode === 'clone') {
    if (!commit) throw new VerifyError('The repository has no commit yet: commit, or run with VERIFY_SOURCE=worktree.');
    warnAboutUncommittedChanges(repoRoot);
    await run('git', ['clone', '--quiet', '--no-hardlinks', repoRoot, dir], { cwd: repoRoot, env: toolchain.env });
    return { dir, commit };
  }
  if (mode === 'worktree') {
    copyWorkingTree(repoRoot, dir);
    // APP_COMMIT must look like a commit; without one, any hash proves it reaches system.info.
    if (!commit) warn('No commit yet: APP_COMMIT is a random stand-in.');
    return { dir, commit: commit ?? randomBytes(20).toString('hex') };
  }
  throw new VerifyError(`VERIFY_SOURCE must be "clone" or "worktree", got "${mode}".`);
}

function warnAboutUncommittedChanges(repoRoot: string): void {
  const changes = git(['status', '--porcelain'], repoRoot).split('\n').filter(Boolean);
  if (changes.length === 0) return;
  const shown = changes.slice(0, 10).join('\n    ');
  warn(`${changes.length} uncommitted change(s) are NOT verified (HEAD is):\n    ${shown}`);
}

/** Tracked and untracked files that git does not ignore: what the next commit could hold. */
function copyWorkingTree(repoRoot: string, dir: string): void {
  const files = git(['ls-files', '-z', '--cached', '--others', '--exclude-standard'], repoRoot)
    .split('\0')
    .filter(Boolean);
  for (const file of files) {
    const from = join(repoRoot, file);
    if (!existsSync(from)) continue; // deleted but still in the index
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    cpSync(from, join(dir, file), { verbatimSymlinks: true });
  }
}
