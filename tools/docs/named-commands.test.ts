import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appRoot } from '../../src/server/paths.ts';

const scripts = Object.keys(
  (JSON.parse(readFileSync(join(appRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts,
);

/** The docs, code and CI files: where a reader meets `npm run <script>`. */
const roots = ['README.md', 'Dockerfile', '.ci', '.github', 'docs', 'src', 'tools', 'e2e', 'examples'];
const files = roots
  .filter((root) => existsSync(join(appRoot, root)))
  .flatMap((root) =>
    statSync(join(appRoot, root)).isDirectory()
      ? readdirSync(join(appRoot, root), { recursive: true, encoding: 'utf8' }).map((file) => join(root, file))
      : [root],
  )
  .filter((file) => /\.(md|ts|tsx|js|yml)$|^Dockerfile$|^\.ci\/run$/.test(file))
  .filter((file) => !file.startsWith('src/server/db/generated'));

describe('the commands the docs and comments name', () => {
  it('are scripts of package.json (`db:*` names the scripts that start so)', () => {
    const missing = files.flatMap((file) =>
      [...readFileSync(join(appRoot, file), 'utf8').matchAll(/npm run (?:--silent )?([a-z][a-z0-9:-]*\*?)/g)]
        .map((match) => match[1] ?? '')
        .filter((name) =>
          name.endsWith('*')
            ? !scripts.some((script) => script.startsWith(name.slice(0, -1)))
            : !scripts.includes(name),
        )
        .map((name) => `${file}: npm run ${name}`),
    );
    expect(missing).toEqual([]);
  });
});
