import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';
import type { SqlDriverAdapter } from '@prisma/driver-adapter-utils';
import * as wasmBindings from '@prisma/schema-engine-wasm/schema_engine_bg';
import type {
  DiffTarget,
  MigrationList,
  SchemaEngine,
  SchemaFilter,
} from '@prisma/schema-engine-wasm/schema_engine_bg';
import { appRoot } from '../paths.ts';
import { type Engine, engineOf, type MigrationPaths, migrationPathsFor } from './engines.ts';
import { LOCK_FILE, localMigrationNames } from './migration-folder.ts';
import { migrationAdapterFactory, underMigrationLock } from './migration-adapters.ts';

/**
 * Offline migrations through Prisma's own schema engine compiled to WebAssembly
 * (docs/decisions/0003-offline-prisma.md). The Prisma CLI would download a native
 * engine before every command, which fails without the internet.
 */

export interface MigrationStatus {
  /** Migrations in the folder that the database has not applied. */
  pending: string[];
  /** Migrations that started and did not finish; they block later deploys. */
  failed: string[];
  /** Applied migrations whose file changed afterwards. */
  edited: string[];
  /** Migrations the database has that the folder lacks. */
  unknown: string[];
  /** SQL that would turn the migrated schema into the live one, when they differ. */
  drift: string | null;
  /** SQL of schema changes that no migration holds yet (run `db:migration`). */
  unmigrated: string | null;
  /** Checks that could not run, such as a migration whose SQL does not replay. */
  errors: string[];
}

export function isClean(status: MigrationStatus): boolean {
  return (
    status.pending.length === 0 &&
    status.failed.length === 0 &&
    status.edited.length === 0 &&
    status.unknown.length === 0 &&
    status.drift === null &&
    status.unmigrated === null &&
    status.errors.length === 0
  );
}

/** The engine's log lines and a failed close after use carry nothing to act on. */
const ignoreEngineLog = (): undefined => undefined;

const noFilters: SchemaFilter = { externalTables: [], externalEnums: [] };

/**
 * The engine's bindings module holds one WebAssembly instance per process, even when
 * this module is loaded more than once (as vitest loads it once per test project), so
 * the instance and the queue of operations live on the global object. Two operations
 * in flight at once panic inside the engine: each waits for the one before.
 */
const shared = ((globalThis as Record<symbol, unknown>)[Symbol.for('rpc-monolith.schema-engine')] ??= {
  ready: undefined,
  previous: Promise.resolve(),
}) as { ready: Promise<void> | undefined; previous: Promise<unknown> };

function oneAtATime<T>(operation: () => Promise<T>): Promise<T> {
  const keepingAlive = async () => {
    // The engine's own timers do not hold the process open (loadWasm); this does while it works.
    const alive = setInterval(() => undefined, 60_000);
    try {
      return await operation();
    } finally {
      clearInterval(alive);
    }
  };
  const result = shared.previous.then(keepingAlive, keepingAlive);
  shared.previous = result.catch(() => undefined);
  return result;
}

/**
 * The engine races its database calls against timers it never clears (it imports no
 * clearTimeout): after a PostgreSQL migration, its 10 s lock timeout kept the process
 * alive for 10 s more. Unref'd, a timer still fires while anything else runs.
 */
function withUnrefTimers(bindings: typeof wasmBindings): WebAssembly.ModuleImports {
  const imports: Record<string, unknown> = { ...bindings };
  for (const [name, binding] of Object.entries(imports)) {
    if (!name.startsWith('__wbg_setTimeout_') || typeof binding !== 'function') continue;
    imports[name] = (...args: unknown[]) => {
      const timer = (binding as (...args: unknown[]) => unknown)(...args);
      (timer as { unref?: () => void } | undefined)?.unref?.();
      return timer;
    };
  }
  return imports as WebAssembly.ModuleImports;
}

/** The package's own entry imports the .wasm as an ES module, which Node cannot load. */
function loadWasm(): Promise<void> {
  shared.ready ??= (async () => {
    const globals = globalThis as { PRISMA_WASM_PANIC_REGISTRY?: unknown };
    globals.PRISMA_WASM_PANIC_REGISTRY ??= {
      message: '',
      set_message(this: { message: string }, message: string) {
        this.message = message;
      },
    };
    const require = createRequire(import.meta.url);
    const wasmFile = join(dirname(require.resolve('@prisma/schema-engine-wasm')), 'schema_engine_bg.wasm');
    const { instance } = await WebAssembly.instantiate(readFileSync(wasmFile), {
      './schema_engine_bg.js': withUnrefTimers(wasmBindings),
    });
    wasmBindings.__wbg_set_wasm(instance.exports);
    (instance.exports as { __wbindgen_start: () => void }).__wbindgen_start();
  })();
  return shared.ready;
}

function isEmptySql(sql: string): boolean {
  return sql.split('\n').every((line) => line.trim() === '' || line.trim().startsWith('--'));
}

/** A schema engine bound to one database, one schema file and one migrations folder. */
export class MigrationEngine {
  private closed = false;

  private constructor(
    private readonly engine: SchemaEngine,
    private readonly factory: ReturnType<typeof bindMigrationAwareSqlAdapterFactory>,
    private readonly opened: SqlDriverAdapter[],
    private readonly paths: MigrationPaths,
    private readonly schema: string,
    private readonly engineName: Engine,
  ) {}

  /**
   * `paths` default to the engine's folder in the project; `shadowDatabaseUrl`
   * (PostgreSQL) is a database the engine may wipe, else a temporary one is made.
   */
  static async open(
    databaseUrl: string,
    { paths, shadowDatabaseUrl }: { paths?: MigrationPaths; shadowDatabaseUrl?: string } = {},
  ): Promise<MigrationEngine> {
    await loadWasm();
    const engineName = engineOf(databaseUrl);
    const ownPaths = paths ?? migrationPathsFor(engineName);
    const opened: SqlDriverAdapter[] = [];
    const factory = bindMigrationAwareSqlAdapterFactory(
      migrationAdapterFactory(databaseUrl, opened, shadowDatabaseUrl),
    );
    const schema = readFileSync(ownPaths.schemaFile, 'utf8');
    const engine = await oneAtATime(() =>
      wasmBindings.SchemaEngine.new({ datamodels: [[resolve(ownPaths.schemaFile), schema]] }, ignoreEngineLog, factory),
    );
    return new MigrationEngine(engine, factory, opened, ownPaths, schema, engineName);
  }

  /** Applies every pending migration in order; returns the names applied. Idempotent. */
  async apply(): Promise<string[]> {
    const result = await this.run(() =>
      this.engine.applyMigrations({
        migrationsList: this.readMigrations(),
        filters: noFilters,
      }),
    );
    return result.appliedMigrationNames;
  }

  /**
   * Compares the database with the migrations folder and the schema file. The
   * engine holds SQLite's exclusive lock while it works, so the server waits
   * (up to its busy timeout) during a status check on a live database.
   */
  async status(): Promise<MigrationStatus> {
    const migrationsList = this.readMigrations();
    const status: MigrationStatus = {
      pending: [],
      failed: [],
      edited: [],
      unknown: [],
      drift: null,
      unmigrated: null,
      errors: [],
    };
    const attempt = async <T>(check: () => Promise<T>): Promise<T | undefined> => {
      try {
        return await check();
      } catch (error) {
        status.errors.push(error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error));
        return undefined;
      }
    };
    status.unmigrated = (await attempt(() => this.unmigratedChanges())) ?? null;
    const history = await this.run(() =>
      this.engine.diagnoseMigrationHistory({ migrationsList, optInToShadowDatabase: false, filters: noFilters }),
    ).catch((error: unknown) => {
      // A database that never ran a migration has no history table yet.
      if ((error as { code?: string }).code === 'P1014') return undefined;
      throw error;
    });
    if (!history) {
      status.pending = migrationsList.migrationDirectories.map((dir) => dir.path);
      return status;
    }
    status.failed = history.failedMigrationNames;
    status.edited = history.editedMigrationNames;
    const diagnostic = history.history;
    if (diagnostic && diagnostic.diagnostic !== 'migrationsDirectoryIsBehind') {
      status.pending = diagnostic.unappliedMigrationNames;
    }
    if (diagnostic && diagnostic.diagnostic !== 'databaseIsBehind') {
      status.unknown = diagnostic.unpersistedMigrationNames;
    }
    if (status.pending.length === 0 && status.failed.length === 0 && status.errors.length === 0) {
      status.drift = (await attempt(() => this.drift())) ?? null;
    }
    return status;
  }

  /**
   * Writes a new migration with the SQL that takes the migrated schema to the
   * schema file. Returns its folder, or null when nothing changed.
   */
  async create(name: string): Promise<string | null> {
    if (!/^[a-z0-9_]+$/.test(name)) {
      throw new Error('A migration name uses lowercase letters, digits and underscores only.');
    }
    this.writeLockFile();
    const sql = await this.unmigratedChanges();
    if (sql === null) return null;
    const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
    const folder = join(this.paths.migrationsDir, `${stamp}_${name}`);
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'migration.sql'), sql);
    return folder;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.engine.free();
    await Promise.all(this.opened.map((adapter) => adapter.dispose().catch(ignoreEngineLog)));
  }

  /** Schema-file changes that no migration holds yet, as SQL; null when none. */
  private unmigratedChanges(): Promise<string | null> {
    return this.sqlFromMigrationsTo({ tag: 'schemaDatamodel', files: this.schemaFiles() });
  }

  /** The live database compared with what the migrations produce on a shadow database. */
  private drift(): Promise<string | null> {
    return this.sqlFromMigrationsTo({ tag: 'schemaDatasource', files: this.schemaFiles(), configDir: appRoot });
  }

  /** The SQL that takes the schema the migrations build to `target`; null when they match. */
  private async sqlFromMigrationsTo(target: DiffTarget): Promise<string | null> {
    const result = await this.run(() =>
      this.engine.diff({
        from: { tag: 'migrations', ...this.readMigrations() },
        to: target,
        script: true,
        exitCode: null,
        filters: noFilters,
      }),
    );
    const sql = result.stdout ?? '';
    return isEmptySql(sql) ? null : sql;
  }

  private schemaFiles() {
    return [{ path: resolve(this.paths.schemaFile), content: this.schema }];
  }

  private writeLockFile(): void {
    const lockPath = join(this.paths.migrationsDir, LOCK_FILE);
    if (existsSync(lockPath)) return;
    mkdirSync(this.paths.migrationsDir, { recursive: true });
    // The engine refuses a migrations folder without its lock file.
    writeFileSync(
      lockPath,
      `# Written by npm run db:migration; keep it in version control.\nprovider = "${this.engineName}"\n`,
    );
  }

  private readMigrations(): MigrationList {
    const dir = this.paths.migrationsDir;
    const lockPath = join(dir, LOCK_FILE);
    const folders = localMigrationNames(this.paths);
    return {
      baseDir: resolve(dir),
      lockfile: {
        path: LOCK_FILE,
        content: existsSync(lockPath) ? readFileSync(lockPath, 'utf8') : null,
      },
      shadowDbInitScript: '',
      migrationDirectories: folders.map((folder) => ({
        path: folder,
        migrationFile: {
          path: 'migration.sql',
          content: {
            tag: 'ok',
            value: readFileSync(join(dir, folder, 'migration.sql'), 'utf8'),
          },
        },
      })),
    };
  }

  /** "External error id#N" hides the driver's real error in the factory's registry. */
  private async run<T>(operation: () => Promise<T>): Promise<T> {
    try {
      return await oneAtATime(operation);
    } catch (error) {
      const match = /External error id#(\d+)/.exec(String((error as Error | undefined)?.message));
      if (match) {
        const underlying = this.factory.errorRegistry.consumeError(Number(match[1]));
        if (underlying)
          throw new Error(`Migration engine: ${String(underlying.error)}`, {
            cause: error,
          });
      }
      throw error;
    }
  }
}

/**
 * Applies pending migrations to one database and closes the engine. Safe to run from
 * several instances at once: on PostgreSQL they take turns under an advisory lock.
 */
export async function migrateDatabase(databaseUrl: string, paths?: MigrationPaths): Promise<string[]> {
  return underMigrationLock(databaseUrl, async () => {
    const engine = await MigrationEngine.open(databaseUrl, { paths });
    try {
      return await engine.apply();
    } finally {
      await engine.close();
    }
  });
}
