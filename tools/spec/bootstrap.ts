import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The derived modules the foundation itself imports (the catalogue, the constants, the
 * product, the permissions), which the compiler imports in turn. When one is missing (a fresh checkout
 * that deleted them, a half-copied example), a stub lets the compiler load; the compile
 * that follows rewrites it. Imports nothing from the project, so it runs before them.
 */
const stubs: Record<string, string> = {
  'src/shared/generated/product.ts': 'export const specProduct = null;\n',
  'src/shared/generated/constants.ts': 'export const specConstants = Object.freeze({} as const);\n',
  'src/shared/generated/error-codes.ts': 'export const specErrorCodes = {} as const;\n',
  'src/shared/generated/error-descriptions.ts': 'export const specErrorDescriptions = {} as const;\n',
  'src/shared/generated/permissions.ts': 'export const specPermissions = [] as const;\nexport const specRoles = {};\n',
  'src/shared/generated/permission-descriptions.ts':
    'export const specPermissionDescriptions = {};\nexport const specRoleDescriptions = {};\n',
};

export function ensureBootstrap(root: string): string[] {
  const written: string[] = [];
  for (const [path, content] of Object.entries(stubs)) {
    const file = join(root, path);
    if (existsSync(file)) continue;
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(
      file,
      `// Stub written by \`npm run spec\` to load the compiler; the compile rewrites it.\n${content}`,
    );
    written.push(path);
  }
  return written;
}
