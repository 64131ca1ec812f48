import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

// The one-way imports (shared -> server | client, and the client sees the server's
// types only) are enforced by eslint.config.js; these cases prove the rules bite.
// The probes are not files on disk, so type-aware rules (which need the project's
// program) are switched off; the boundary rules work on syntax alone.
const eslint = new ESLint({ overrideConfig: tseslint.configs.disableTypeChecked });

async function ruleHits(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  const messages = result?.messages ?? [];
  const fatal = messages.find((message) => message.fatal);
  if (fatal) throw new Error(`ESLint could not lint the probe: ${fatal.message}`);
  return messages.map((message) => message.ruleId ?? message.message);
}

describe('import boundaries', () => {
  it('lets the client import the router type', async () => {
    const hits = await ruleHits(
      'src/client/probe.ts',
      "import type { AppRouter } from '../server/router.ts';\nexport type Probe = AppRouter;\n",
    );
    expect(hits).not.toContain('@typescript-eslint/no-restricted-imports');
  });

  it('stops the client from importing server code', async () => {
    const hits = await ruleHits(
      'src/client/probe.ts',
      "import { appRouter } from '../server/router.ts';\nexport const probe = appRouter;\n",
    );
    expect(hits).toContain('@typescript-eslint/no-restricted-imports');
  });

  it.each([
    ["import { appRouter } from '../server/router.ts';\nexport const probe = appRouter;\n"],
    ["import { trpc } from '../client/trpc.ts';\nexport const probe = trpc;\n"],
    ["import { readFileSync } from 'node:fs';\nexport const probe = readFileSync;\n"],
  ])('stops shared code from importing either side or Node: %s', async (code) => {
    expect(await ruleHits('src/shared/probe.ts', code)).toContain('@typescript-eslint/no-restricted-imports');
  });

  it('bans the unsafe raw-SQL methods', async () => {
    const hits = await ruleHits(
      'src/server/probe.ts',
      'export const probe = (db: { $queryRawUnsafe: (sql: string) => unknown }, sql: string) => db.$queryRawUnsafe(sql);\n',
    );
    expect(hits).toContain('no-restricted-syntax');
  });
});
