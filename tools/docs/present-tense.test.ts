import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appRoot } from '../../src/server/paths.ts';

/**
 * The docs describe the product as it is: what was done when, and under which ticket, is
 * git's history. These name a ticket or a work period; each is narrow enough that "session
 * cookie", "sessions list" or `admin.sessions.list` pass.
 */
const citations: { name: string; pattern: RegExp }[] = [
  { name: 'an issue number', pattern: /\bissues? #?\d+/i },
  { name: 'an issue number in parentheses', pattern: /\(#\d+\)/ },
  { name: 'a numbered work session', pattern: /\bsessions? \d+/i },
  { name: 'a work session', pattern: /\b(?:this|last|next|previous|earlier|later) session\b/i },
  { name: 'a later step', pattern: /\bin a later step\b/i },
];

/** Every line of `text` that cites a ticket or a work period, with what it cites. */
function citationsIn(text: string): string[] {
  return text
    .split('\n')
    .flatMap((line, index) =>
      citations
        .filter(({ pattern }) => pattern.test(line))
        .map(({ name }) => `line ${index + 1}, ${name}: ${line.trim()}`),
    );
}

const walk = (dir: string): string[] =>
  readdirSync(join(appRoot, dir), { recursive: true, encoding: 'utf8' }).map((file) => join(dir, file));

/**
 * README.md and the Markdown under docs/ that git tracks. A copy of the project without
 * git (the example leg's) holds the tracked files only, so there it reads the folder.
 */
function trackedMarkdown(): string[] {
  let tracked: string[] = [];
  try {
    tracked = execFileSync('git', ['ls-files', '-z', '--', 'README.md', 'docs'], {
      cwd: appRoot,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).split('\0');
  } catch {
    // Not a git checkout: read the folder below.
  }
  const files = tracked.includes('README.md') ? tracked : ['README.md', ...walk('docs')];
  return files.filter((file) => file.endsWith('.md') && existsSync(join(appRoot, file)));
}

/** The code's own files: comments name no ticket or numbered work period either (UI text may say "this session"). */
function sourceFiles(): string[] {
  const dirs = ['src', 'tools', 'e2e'];
  let files: string[];
  try {
    files = execFileSync('git', ['ls-files', '-z', '--', ...dirs], { cwd: appRoot, encoding: 'utf8' }).split('\0');
  } catch {
    files = dirs.filter((dir) => existsSync(join(appRoot, dir))).flatMap(walk);
  }
  return files.filter(
    (file) => /\.tsx?$/.test(file) && !file.endsWith('present-tense.test.ts') && existsSync(join(appRoot, file)),
  );
}

describe('the code cites no ticket', () => {
  const numbered = citations.slice(0, 3);
  it('names no issue number or numbered work session in a comment', () => {
    const found = sourceFiles().flatMap((file) =>
      readFileSync(join(appRoot, file), 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          numbered.some(({ pattern }) => pattern.test(line)) ? [`${file}:${index + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(found).toEqual([]);
  });
});

describe('the docs speak in the present tense', () => {
  const files = trackedMarkdown();

  it('reads README.md and the docs, decision records included', () => {
    expect(files).toContain('README.md');
    expect(files).toContain('docs/spec.md');
    expect(files.some((file) => file.startsWith('docs/decisions/'))).toBe(true);
  });

  it.each(files)('%s cites no issue number or work period (history lives in git)', (file) => {
    expect(citationsIn(readFileSync(join(appRoot, file), 'utf8'))).toEqual([]);
  });

  it.each([
    'as issue 17 asks',
    'Issues 21 and 22 made every mutation write two rows',
    'fixed in issue #12',
    '(issue 38, item 2)',
    'see the fix (#42)',
    'measured in session 18',
    'Sessions 17 and 18',
    'found this session',
    'as last session showed',
    'left for a later session',
    'to be done in a later step',
  ])('flags "%s"', (text) => {
    expect(citationsIn(text)).not.toEqual([]);
  });

  it.each([
    'the session cookie is `__Host-app.session_token`',
    'the sessions list shows every live session',
    '`admin.sessions.list` and `auth.sessions.revoke`',
    '10,000 users and 10,000 sessions (about 4,000 rows a second)',
    'a session revoked on another instance is refused at its next request',
    'Ends the current session.',
    'upstream: [fastify#7044](https://github.com/fastify/fastify/issues/7044)',
    'a known issue of the driver, tracked upstream',
    'step 2 of the recipe',
  ])('passes "%s"', (text) => {
    expect(citationsIn(text)).toEqual([]);
  });
});
