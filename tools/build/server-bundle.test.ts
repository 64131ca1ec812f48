import { describe, expect, it } from 'vitest';
import { folderRelativeCode, SERVER_EXTERNAL_PACKAGES } from './server-bundle.ts';
import packageJson from '../../package.json' with { type: 'json' };

describe('the server bundle', () => {
  it('finds code that reads its own folder, bundled from CommonJS', () => {
    const code = 'let p=(0,path_1.resolve)(__dirname,"..","package.json");const f=__filename;';
    expect(folderRelativeCode(code)).toHaveLength(2);
  });

  it("allows the Prisma client's own global assignment, and code that merely mentions a longer name", () => {
    expect(folderRelativeCode('globalThis.__dirname=path.dirname(fileURLToPath(import.meta.url));')).toEqual([]);
    expect(folderRelativeCode('const my__dirnameish=1; obj.__dirname_x=2;')).toEqual([]);
  });

  it('leaves out only packages the production image installs (or dev-only ones it never loads)', () => {
    const installed = { ...packageJson.dependencies, ...packageJson.devDependencies };
    const transitive = new Set(['thread-stream']); // pino's own dependency, resolved from pino's folder
    for (const name of SERVER_EXTERNAL_PACKAGES) {
      if (!transitive.has(name)) expect(Object.keys(installed), name).toContain(name);
    }
  });
});
