import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { copyProject, layExample } from './example-copy.ts';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'example-copy-test-'));
  made.push(dir);
  return dir;
}

function write(root: string, file: string, text = `${file}\n`): void {
  mkdirSync(dirname(join(root, file)), { recursive: true });
  writeFileSync(join(root, file), text);
}

/** A small repository: committed files, a new file, ignored output, an example and node_modules. */
function project(): string {
  const root = tempDir();
  execFileSync('git', ['init', '--quiet'], { cwd: root });
  write(root, '.gitignore', 'node_modules\ndist\n*.db\n');
  write(root, 'spec/entities.ts', 'export default notSpecified;\n');
  write(root, 'spec/product.ts');
  write(root, 'src/app.ts');
  write(root, 'examples/shop/spec/entities.ts', 'export default shop;\n');
  write(root, 'examples/shop/src/server/features/orders/orders.handlers.ts', 'owned\n');
  execFileSync('git', ['add', '.'], { cwd: root });
  execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', 'commit', '--quiet', '-m', 'start'], {
    cwd: root,
  });
  write(root, 'src/new-file.ts');
  write(root, 'dist/app.js');
  write(root, 'data.db');
  write(root, 'node_modules/zod/index.js');
  return root;
}

describe('the example copy', () => {
  it('holds the project’s files, new ones included, without build output or databases', () => {
    const root = project();
    const copy = tempDir();
    copyProject(root, copy);
    expect(readFileSync(join(copy, 'src/app.ts'), 'utf8')).toBe('src/app.ts\n');
    expect(existsSync(join(copy, 'src/new-file.ts'))).toBe(true);
    expect(existsSync(join(copy, 'dist/app.js'))).toBe(false);
    expect(existsSync(join(copy, 'data.db'))).toBe(false);
    // Linked, not copied: the copy installs nothing.
    expect(lstatSync(join(copy, 'node_modules')).isSymbolicLink()).toBe(true);
    expect(existsSync(join(copy, 'node_modules/zod/index.js'))).toBe(true);
  });

  it('takes the example’s spec in place of its own, and its owned files where the example puts them', () => {
    const root = project();
    const copy = tempDir();
    copyProject(root, copy);
    const laid = layExample(join(root, 'examples/shop'), copy);
    expect(laid.sort()).toEqual(['spec/entities.ts', 'src/server/features/orders/orders.handlers.ts']);
    expect(readFileSync(join(copy, 'spec/entities.ts'), 'utf8')).toBe('export default shop;\n');
    // The project's own spec files the example does not have are gone, not mixed in.
    expect(existsSync(join(copy, 'spec/product.ts'))).toBe(false);
    expect(readFileSync(join(copy, 'src/server/features/orders/orders.handlers.ts'), 'utf8')).toBe('owned\n');
    // The repository itself is untouched.
    expect(readFileSync(join(root, 'spec/entities.ts'), 'utf8')).toBe('export default notSpecified;\n');
  });
});
