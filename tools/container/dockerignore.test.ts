import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { appRoot } from '../../src/server/paths.ts';
import { applyDockerignore, isIgnored, parseDockerignore } from './dockerignore.ts';

const ignoredBy = (patterns: string[], path: string) => isIgnored(path, parseDockerignore(patterns.join('\n')));

describe('parseDockerignore and isIgnored', () => {
  it('skips comments and blank lines', () => {
    expect(parseDockerignore('# node_modules\n\n  \ndist\n')).toHaveLength(1);
  });

  it('matches `**/*.db` at any depth, but only files ending in .db', () => {
    for (const path of ['app.db', 'data/app.db', 'a/b/c/test.db']) expect(ignoredBy(['**/*.db'], path)).toBe(true);
    for (const path of ['app.db-journal', 'app.db.bak', 'db', 'src/db/client.ts']) {
      expect(ignoredBy(['**/*.db'], path)).toBe(false);
    }
  });

  it('keeps `*` and `?` within one segment, at the context root', () => {
    expect(ignoredBy(['*.log'], 'npm.log')).toBe(true);
    expect(ignoredBy(['*.log'], 'logs/npm.log')).toBe(false);
    expect(ignoredBy(['file?.txt'], 'file1.txt')).toBe(true);
    expect(ignoredBy(['file?.txt'], 'file10.txt')).toBe(false);
  });

  it('lets a later `!` rule re-include, as in `.env.*` then `!.env.example`', () => {
    const patterns = ['.env', '.env.*', '!.env.example'];
    expect(ignoredBy(patterns, '.env')).toBe(true);
    expect(ignoredBy(patterns, '.env.local')).toBe(true);
    expect(ignoredBy(patterns, '.env.example')).toBe(false);
    // The last matching rule wins, so the order matters.
    expect(ignoredBy(['!.env.example', '.env.*'], '.env.example')).toBe(true);
  });

  it('covers what is inside a matched folder, with or without a trailing slash', () => {
    for (const pattern of ['node_modules', 'node_modules/']) {
      expect(ignoredBy([pattern], 'node_modules')).toBe(true);
      expect(ignoredBy([pattern], 'node_modules/fastify/package.json')).toBe(true);
      // Relative to the context root, like Docker: not a folder of that name deeper down.
      expect(ignoredBy([pattern], 'src/node_modules')).toBe(false);
    }
    expect(ignoredBy(['docs', '!docs/keep.md'], 'docs/keep.md')).toBe(false);
    expect(ignoredBy(['docs', '!docs/keep.md'], 'docs/other.md')).toBe(true);
  });

  it('reads a leading `/` or `./` as the context root', () => {
    for (const pattern of ['/coverage', './coverage', 'coverage']) {
      expect(ignoredBy([pattern], 'coverage/index.html')).toBe(true);
    }
  });

  it('takes regular-expression characters literally', () => {
    expect(ignoredBy(['a+b (1).txt'], 'a+b (1).txt')).toBe(true);
    expect(ignoredBy(['a+b (1).txt'], 'aab (1).txt')).toBe(false);
  });
});

describe('applyDockerignore', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  function context(files: Record<string, string>): string {
    const dir = mkdtempSync(join(tmpdir(), 'dockerignore-test-'));
    dirs.push(dir);
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), content);
    }
    return dir;
  }

  it('removes what the rules exclude, keeps what they re-include, and counts the removals', () => {
    const dir = context({
      '.dockerignore': 'node_modules\n**/*.db\ndocs\n!docs/keep.md\n',
      'node_modules/x/index.js': '',
      'data/app.db': '',
      'docs/keep.md': '',
      'docs/drop.md': '',
      'src/main.ts': '',
    });
    // node_modules/x/index.js, data/app.db and docs/drop.md.
    expect(applyDockerignore(dir)).toBe(3);
    for (const gone of ['node_modules', 'data/app.db', 'docs/drop.md']) expect(existsSync(join(dir, gone))).toBe(false);
    for (const kept of ['.dockerignore', 'docs/keep.md', 'src/main.ts', 'data']) {
      expect(existsSync(join(dir, kept))).toBe(true);
    }
  });

  it('removes a whole excluded folder at once when nothing can be re-included', () => {
    const dir = context({ '.dockerignore': 'node_modules', 'node_modules/a.js': '', 'node_modules/b/c.js': '' });
    expect(applyDockerignore(dir)).toBe(1);
    expect(existsSync(join(dir, 'node_modules'))).toBe(false);
  });

  it('leaves a context without .dockerignore as it is', () => {
    const dir = context({ 'app.db': '' });
    expect(applyDockerignore(dir)).toBe(0);
    expect(existsSync(join(dir, 'app.db'))).toBe(true);
  });
});

describe("the project's .dockerignore", () => {
  const rules = parseDockerignore(readFileSync(join(appRoot, '.dockerignore'), 'utf8'));

  it('leaves databases, secrets and local builds out of the image', () => {
    for (const path of ['data/app.db', 'prisma/dev.db', 'app.db-wal', '.env', '.env.local', 'node_modules/x', 'dist']) {
      expect(isIgnored(path, rules), path).toBe(true);
    }
  });

  it('keeps what the build needs, and .env.example', () => {
    for (const path of ['.env.example', 'package.json', 'package-lock.json', 'prisma/sqlite/schema.prisma']) {
      expect(isIgnored(path, rules), path).toBe(false);
    }
    expect(isIgnored('src/server/main.ts', rules)).toBe(false);
  });
});
