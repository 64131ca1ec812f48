import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The project's own files, as a developer's checkout has them: tracked files and new ones
 * not ignored (so uncommitted work is tested too), never build output, databases or
 * node_modules (.gitignore keeps those out).
 */
export function projectFiles(root: string): string[] {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return [...new Set(listed.split('\0').filter(Boolean))];
}

/**
 * Copies the project into `target` for an example to be compiled into, leaving the
 * repository untouched. node_modules is a link (the copy installs nothing; its Prisma
 * clients are generated into its own src/).
 */
export function copyProject(root: string, target: string): number {
  // node_modules may itself be a link (a worktree's), which .gitignore's `node_modules/` does not match.
  const files = projectFiles(root).filter((file) => file !== 'node_modules');
  for (const file of files) {
    const to = join(target, file);
    mkdirSync(dirname(to), { recursive: true });
    // A file deleted in the working tree but still tracked is simply not there.
    try {
      cpSync(join(root, file), to);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  symlinkSync(realpathSync(join(root, 'node_modules')), join(target, 'node_modules'), 'dir');
  return files.length;
}

/**
 * Lays an example over the copy: its nine spec files replace the copy's spec/, and its
 * other files (the owned, hand-written ones: custom handlers, e-mail bodies, screens)
 * go where its folder puts them, as if a developer had written them in the project.
 * Returns the example's files, relative to its folder.
 */
export function layExample(exampleDir: string, target: string): string[] {
  rmSync(join(target, 'spec'), { recursive: true, force: true });
  const files = listFiles(exampleDir);
  for (const file of files) {
    mkdirSync(dirname(join(target, file)), { recursive: true });
    cpSync(join(exampleDir, file), join(target, file));
  }
  return files;
}

function listFiles(dir: string, prefix = ''): string[] {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    const path = prefix ? `${prefix}/${entry.name}` : entry.name;
    return entry.isDirectory() ? listFiles(dir, path) : [path];
  });
}
