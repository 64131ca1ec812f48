import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/**
 * What compiling a specification produces, before anything touches the disk.
 * - `file`: a derived file, rewritten whole every time (its first line says so).
 * - `section`: the derived part of a file people also write, between two marker lines.
 * - `owned`: a file written once when missing and never again; ours after that.
 */
export type Output =
  | { kind: 'file'; path: string; content: string }
  | { kind: 'section'; path: string; start: string; end: string; content: string }
  | { kind: 'owned'; path: string; content: string };

/** Folders only the compiler writes: a file there that no output names is stray (a removed entity's). */
export const generatedDirs = ['src/shared/generated', 'src/server/generated', 'src/client/generated'];

/** `text` with what lies between the markers replaced by `content`; throws when a marker is missing. */
export function replaceSection(text: string, path: string, start: string, end: string, content: string): string {
  const from = text.indexOf(start);
  const to = text.indexOf(end, from);
  if (from === -1 || to === -1) throw new Error(`${path} lacks the markers\n  ${start.trim()}\n  ${end.trim()}`);
  return text.slice(0, from + start.length) + content + text.slice(to);
}

function read(root: string, path: string): string | null {
  const file = join(root, path);
  return existsSync(file) ? readFileSync(file, 'utf8') : null;
}

function filesUnder(root: string, dir: string): string[] {
  const full = join(root, dir);
  if (!existsSync(full)) return [];
  return readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

interface Plan {
  /** Path → the whole text it must hold (derived files and files with sections). */
  derived: Map<string, string>;
  stray: string[];
  owned: { path: string; content: string }[];
}

/** Everything the outputs mean for the files under `root`, computed without writing. */
function plan(root: string, outputs: readonly Output[]): Plan {
  const derived = new Map<string, string>();
  const owned: Plan['owned'] = [];
  for (const output of outputs) {
    if (output.kind === 'file') derived.set(output.path, output.content);
    else if (output.kind === 'owned') owned.push(output);
    else {
      const current = derived.get(output.path) ?? read(root, output.path);
      if (current === null) throw new Error(`${output.path} is missing; it holds the markers of a generated section`);
      derived.set(output.path, replaceSection(current, output.path, output.start, output.end, output.content));
    }
  }
  const stray = generatedDirs.flatMap((dir) => filesUnder(root, dir)).filter((path) => !derived.has(path));
  return { derived, stray, owned };
}

/** Where the files under `root` differ from what the spec compiles to; empty when they do not. */
export function checkDrift(root: string, outputs: readonly Output[]): string[] {
  const { derived, stray } = plan(root, outputs);
  const differences: string[] = [];
  for (const [path, content] of derived) {
    const current = read(root, path);
    if (current === null) differences.push(`${path} is missing`);
    else if (current !== content) differences.push(`${path} differs from what spec/ compiles to`);
  }
  for (const path of stray) differences.push(`${path} is stray: spec/ no longer makes it`);
  return differences;
}

/**
 * Writes `content` to `file` only when no file is there: an owned file is ours after
 * its first writing, so a later compile never overwrites an edit. True when it wrote.
 */
export function writeOwned(file: string, content: string): boolean {
  mkdirSync(dirname(file), { recursive: true });
  try {
    writeFileSync(file, content, { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

export interface WriteReport {
  written: string[];
  deleted: string[];
  created: string[];
}

/** Applies the outputs under `root`: changed derived files, stray files removed, owned files created when missing. */
export function writeOutputs(root: string, outputs: readonly Output[]): WriteReport {
  const { derived, stray, owned } = plan(root, outputs);
  const report: WriteReport = { written: [], deleted: [], created: [] };
  for (const [path, content] of derived) {
    if (read(root, path) === content) continue;
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
    report.written.push(path);
  }
  for (const path of stray) {
    rmSync(join(root, path));
    report.deleted.push(path);
  }
  for (const { path, content } of owned) if (writeOwned(join(root, path), content)) report.created.push(path);
  return report;
}
