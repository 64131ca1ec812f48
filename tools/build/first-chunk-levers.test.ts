import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * vite.config.ts keeps two pieces of dead code out of the first chunk by naming files
 * inside packages. If an upgrade renames them, the settings silently stop matching; these
 * tests fail first (docs/decisions/0027-initial-js-budget.md).
 */
const require = createRequire(import.meta.url);
const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));

describe('first-chunk levers in vite.config.ts', () => {
  it("@trpc/client's ESM index still takes wsLink from a wsLink-* chunk (declared side-effect free)", () => {
    const index = readFileSync(join(packageDir('@trpc/client'), 'dist/index.mjs'), 'utf8');
    const chunk = /from "\.\/(wsLink-[\w-]+\.mjs)"/.exec(index)?.[1];
    expect(chunk, 'no wsLink-* import in @trpc/client/dist/index.mjs').toBeDefined();
    // The same pattern vite.config.ts uses.
    expect(/@trpc[\\/]client[\\/]dist[\\/]wsLink-/.test(`node_modules/@trpc/client/dist/${chunk ?? ''}`)).toBe(true);
  });

  it("TanStack's store still asks for the shim, and the package's non-shim entry still exists", () => {
    const useSelector = readFileSync(join(packageDir('@tanstack/react-store'), 'dist/useSelector.js'), 'utf8');
    expect(useSelector).toContain('"use-sync-external-store/shim/with-selector"');
    const withSelector = join(packageDir('use-sync-external-store'), 'with-selector.js');
    expect(existsSync(withSelector)).toBe(true);
  });
});
