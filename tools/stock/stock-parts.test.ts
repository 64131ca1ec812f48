import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<string, unknown>;
const dependencies = {
  ...(manifest.dependencies as Record<string, string>),
  ...(manifest.devDependencies as Record<string, string>),
};

// Installed packages run as published: an upgrade is `npm update` and a green `npm test`.
describe('stock parts', () => {
  it('patches no installed package', () => {
    expect(existsSync(join(root, 'patches'))).toBe(false);
    expect(Object.keys(dependencies).filter((name) => /patch-package|patch$/.test(name))).toEqual([]);
    expect(JSON.stringify(manifest.scripts)).not.toMatch(/patch-package/);
  });

  it('overrides no dependency of a dependency', () => {
    expect(manifest).not.toHaveProperty('overrides');
    expect(manifest).not.toHaveProperty('resolutions');
  });
});

describe("Renovate's groups", () => {
  const config = JSON.parse(readFileSync(join(root, 'renovate.json'), 'utf8')) as {
    packageRules: { groupName?: string; matchPackageNames: string[] }[];
  };
  const groupOf = (name: string) =>
    config.packageRules.find(
      (rule) =>
        rule.groupName &&
        rule.matchPackageNames.some((pattern) =>
          pattern.endsWith('/**') ? name.startsWith(pattern.slice(0, -2)) : pattern === name,
        ),
    )?.groupName;

  // Packages published together must move together, or npm installs two versions side by side.
  it.each([
    ['@trpc/', 'tRPC'],
    ['@prisma/', 'Prisma'],
    ['@better-auth/', 'better-auth'],
    ['@tanstack/', 'TanStack'],
  ])('moves every %s package in the %s group', (prefix, group) => {
    const family = Object.keys(dependencies).filter((name) => name.startsWith(prefix));
    expect(family.length).toBeGreaterThan(0);
    for (const name of family) expect(groupOf(name), name).toBe(group);
  });

  it('moves prisma with its client, and better-auth with its packages', () => {
    expect(groupOf('prisma')).toBe(groupOf('@prisma/client'));
    expect(groupOf('better-auth')).toBe(groupOf('@better-auth/core'));
  });
});
