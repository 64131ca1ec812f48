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

  // Domain code sends e-mail through the port (ctx.email); only the e-mail plugin wires transports.
  const sending = (emailDir: string) => [
    "import nodemailer from 'nodemailer';\nexport const probe = nodemailer;\n",
    `import { createSmtpTransport } from '${emailDir}/transports.ts';\nexport const probe = createSmtpTransport;\n`,
    `import { createOutboxDispatcher } from '${emailDir}/outbox-dispatcher.ts';\nexport const probe = createOutboxDispatcher;\n`,
  ];
  it.each([
    ...sending('../../email').map((code) => ['src/server/features/notes/probe.service.ts', code]),
    ...sending('../email').map((code) => ['src/server/features/auth/probe.ts', code]),
  ])('stops %s from sending e-mail past the port: %s', async (filePath, code) => {
    expect(await ruleHits(filePath, code)).toContain('@typescript-eslint/no-restricted-imports');
  });

  it('lets the e-mail plugin wire the transports', async () => {
    for (const code of sending('../email').slice(1)) {
      expect(await ruleHits('src/server/plugins/probe.ts', code)).not.toContain(
        '@typescript-eslint/no-restricted-imports',
      );
    }
  });
});

// tRPC's internals change in any release: the product uses its public entry points only.
describe("tRPC's internals", () => {
  // Spelled in parts, so a search of the code for the path finds only the list itself.
  const internalsPath = ['@trpc/server', 'unstable-core-do-not' + '-import'].join('/');
  const internals = `import { isObject } from '${internalsPath}';\nexport const probe = isObject;\n`;

  it.each([
    'src/server/errors/probe.ts',
    'src/server/features/notes/probe.router.ts',
    'src/server/trpc/probe.ts',
    'src/client/probe.ts',
    'src/shared/probe.ts',
    'tools/probe.ts',
  ])('stops %s from importing them', async (filePath) => {
    expect(await ruleHits(filePath, internals)).toContain('@typescript-eslint/no-restricted-imports');
  });
});

// String-built SQL is how injection gets in: Prisma's *Unsafe methods take a string,
// the tagged templates bind every value as a parameter. Each way of reaching an
// unsafe method must be refused, wherever the client comes from.
describe('raw SQL', () => {
  // eslint-disable-next-line no-restricted-syntax -- the names the rule must refuse
  const unsafe = ['$queryRawUnsafe', '$executeRawUnsafe'];
  const client = (method: string) => `{ ${method}: (sql: string) => Promise<unknown> }`;
  const reaches: [string, (method: string) => string][] = [
    ['a method call', (m) => `export const probe = (db: ${client(m)}, sql: string) => db.${m}(sql);\n`],
    [
      'optional chaining',
      (m) => `export const probe = (db: ${client(m)} | undefined, sql: string) => db?.${m}(sql);\n`,
    ],
    [
      'a transaction client',
      (m) =>
        `export const probe = (db: { $transaction: (work: (tx: ${client(m)}) => unknown) => unknown }, sql: string) =>\n` +
        `  db.$transaction((tx) => tx.${m}(sql));\n`,
    ],
    ['a method passed on', (m) => `export const probe = (db: ${client(m)}) => db.${m};\n`],
    ['bracket access', (m) => `export const probe = (db: ${client(m)}, sql: string) => db['${m}'](sql);\n`],
    [
      'destructuring',
      (m) =>
        `export const probe = (db: ${client(m)}, sql: string) => {\n  const { ${m}: run } = db;\n  return run(sql);\n};\n`,
    ],
  ];

  it.each(unsafe.flatMap((method) => reaches.map(([how, code]) => [method, how, code(method)] as const)))(
    'refuses %s reached through %s',
    async (_method, _how, code) => {
      expect(await ruleHits('src/server/probe.ts', code)).toContain('no-restricted-syntax');
    },
  );

  it.each(unsafe.flatMap((method) => ['src/scripts/probe.ts', 'e2e/probe.ts'].map((file) => [method, file])))(
    'refuses %s outside src/server too (%s)',
    async (method, filePath) => {
      const code = `export const probe = (db: ${client(method)}, sql: string) => db.${method}(sql);\n`;
      expect(await ruleHits(filePath, code)).toContain('no-restricted-syntax');
    },
  );

  it('lets the tagged templates through, which bind their values', async () => {
    const code =
      'export const probe = (db: { $queryRaw: (s: TemplateStringsArray, ...v: unknown[]) => unknown; $executeRaw: (s: TemplateStringsArray, ...v: unknown[]) => unknown }, id: string) => [\n' +
      '  db.$queryRaw`SELECT * FROM "User" WHERE id = ${id}`,\n' +
      '  db.$executeRaw`DELETE FROM "Session" WHERE id = ${id}`,\n' +
      '];\n';
    expect(await ruleHits('src/server/probe.ts', code)).not.toContain('no-restricted-syntax');
  });
});

// The auth library's internal context changes in any release: the product uses auth.api and its own settings.
describe("the auth library's internals", () => {
  // Spelled in parts, so a search of the code for the name finds only the rule itself.
  const internal = '$' + 'context';
  it.each([
    `export const probe = (auth: { ${internal}: unknown }) => auth.${internal};\n`,
    `export const probe = (auth: Record<string, unknown>) => auth['${internal}'];\n`,
    `export const probe = ({ ${internal}: context }: Record<string, unknown>) => context;\n`,
  ])('stops code reaching it: %s', async (code) => {
    expect(await ruleHits('src/server/features/auth/probe.ts', code)).toContain('no-restricted-syntax');
  });
});
