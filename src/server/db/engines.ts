import { join } from 'node:path';
import { appRoot } from '../paths.ts';

/**
 * The database engines the app runs on, picked by DATABASE_URL's scheme: a `file:`
 * URL is SQLite (the embedded default), a `postgres://` or `postgresql://` URL is
 * PostgreSQL (docs/decisions/0016-postgresql-and-scale-out.md). Each engine has its
 * own folder under prisma/: a schema derived from prisma/models.prisma, and migrations.
 */
export const ENGINES = ['sqlite', 'postgresql'] as const;
export type Engine = (typeof ENGINES)[number];

export function engineOf(databaseUrl: string): Engine {
  if (databaseUrl.startsWith('file:')) return 'sqlite';
  if (/^postgres(?:ql)?:\/\//.test(databaseUrl)) return 'postgresql';
  throw new Error('DATABASE_URL must start with file: (SQLite) or postgresql:// (PostgreSQL)');
}

/** The folder holding the models and each engine's schema and migrations. */
export const prismaDir: string = join(appRoot, 'prisma');

export interface MigrationPaths {
  schemaFile: string;
  migrationsDir: string;
}

/** One engine's schema file and migrations folder, in `dir` (default: the project's prisma/). */
export function migrationPathsFor(engine: Engine, dir: string = prismaDir): MigrationPaths {
  return {
    schemaFile: join(dir, engine, 'schema.prisma'),
    migrationsDir: join(dir, engine, 'migrations'),
  };
}
