import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, posix } from 'node:path';

export interface IgnoreRule {
  pattern: RegExp;
  excludes: boolean;
}

/**
 * .dockerignore patterns as Docker reads them: relative to the context root, `*` and `?` within
 * one path segment, `**` across segments, `!` re-includes, the last matching rule wins, and a rule
 * matching a folder covers what is inside. Character classes are not supported.
 */
export function parseDockerignore(text: string): IgnoreRule[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const excludes = !line.startsWith('!');
      const path = posix
        .normalize(line.replace(/^!/, '').trim())
        .replace(/^(\.?\/)+/, '')
        .replace(/\/$/, '');
      return { pattern: globToRegExp(path), excludes };
    });
}

function globToRegExp(glob: string): RegExp {
  const source = glob
    .split(/(\*\*\/?|\*|\?)/)
    .map((part) => {
      if (part === '**/') return '(?:.*/)?';
      if (part === '**') return '.*';
      if (part === '*') return '[^/]*';
      if (part === '?') return '[^/]';
      return part.replace(/[.+^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return new RegExp(`^${source}$`);
}

/** Whether `docker build` leaves `path` (relative to the context, `/`-separated) out of the context. */
export function isIgnored(path: string, rules: IgnoreRule[]): boolean {
  const segments = path.split('/');
  const selfAndParents = segments.map((_, index) => segments.slice(0, index + 1).join('/'));
  let ignored = false;
  for (const rule of rules) {
    if (selfAndParents.some((candidate) => rule.pattern.test(candidate))) ignored = rule.excludes;
  }
  return ignored;
}

/** Removes from `dir` what `docker build` would leave out of the context. */
export function applyDockerignore(dir: string): number {
  const file = join(dir, '.dockerignore');
  if (!existsSync(file)) return 0;
  const rules = parseDockerignore(readFileSync(file, 'utf8'));
  const canReinclude = rules.some((rule) => !rule.excludes);
  let removed = 0;
  const visit = (relativeDir: string): void => {
    for (const entry of readdirSync(join(dir, relativeDir), { withFileTypes: true })) {
      const path = relativeDir ? `${relativeDir}/${entry.name}` : entry.name;
      const ignored = isIgnored(path, rules);
      if (entry.isDirectory() && !(ignored && !canReinclude)) {
        visit(path);
        if (ignored && readdirSync(join(dir, path)).length === 0) rmSync(join(dir, path), { recursive: true });
      } else if (ignored) {
        rmSync(join(dir, path), { recursive: true, force: true });
        removed += 1;
      }
    }
  };
  visit('');
  return removed;
}
