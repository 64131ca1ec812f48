import { existsSync } from 'node:fs';
import { appliedMigrations } from '../../server/db/applied-migrations.ts';
import { type Database, openDatabase } from '../../server/db/client.ts';
import { engineOf } from '../../server/db/engines.ts';
import { projectMigrationNames } from '../../server/db/migration-folder.ts';
import { migrateDatabase } from '../../server/db/migrations.ts';
import { sqliteFileFromUrl } from '../../server/db/sqlite-url.ts';
import { type CopiedModel, projectCopyOrder } from './copy-order.ts';

export interface CopyOptions {
  /** The SQLite deployment's DATABASE_URL (`file:…`). */
  from: string;
  /** An empty PostgreSQL database (`postgresql://…`); migrated first. */
  to: string;
  /** Rows read and inserted per statement. */
  batchSize?: number;
  /** Told after every batch; throwing from it aborts the copy and rolls it back. */
  onProgress?: (progress: { model: string; copied: number; total: number }) => void;
}

export interface CopiedTable {
  model: string;
  sourceRows: number;
  targetRows: number;
}

type Row = Record<string, unknown>;

/** The part of a model's client delegate the copy uses, whichever model it is. */
interface RowDelegate {
  count(): Promise<number>;
  findMany(args: { where: object; orderBy: object[]; take: number }): Promise<Row[]>;
  createMany(args: { data: Row[] }): Promise<{ count: number }>;
}

type TransactionClient = Parameters<Parameters<Database['$transaction']>[0]>[0];

const BUSY_TIMEOUT_MS = 5_000;
// Prisma ends an interactive transaction after its timeout (a few seconds by default);
// the copy is one transaction and lasts as long as the data needs.
const WHOLE_COPY_MS = 24 * 60 * 60 * 1_000;

/**
 * Copies every row of a SQLite deployment into an empty PostgreSQL database, in one
 * PostgreSQL transaction: the target ends up holding all of it or none of it. Both must
 * be at the project's schema version; the target is migrated to it first. Returns the
 * row counts per model, checked equal before the commit.
 */
export async function copyData({ from, to, batchSize = 500, onProgress }: CopyOptions): Promise<CopiedTable[]> {
  if (engineOrNone(from) !== 'sqlite' || engineOrNone(to) !== 'postgresql') {
    throw new Error('Copies go from SQLite (--from file:…) to PostgreSQL (--to postgresql://…) only.');
  }
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new Error('The batch size must be a whole number above 0.');
  const models = projectCopyOrder();
  const sourceFile = sqliteFileFromUrl(from);
  if (!existsSync(sourceFile)) throw new Error(`No SQLite database at ${sourceFile}.`);

  const source = await openDatabase({ databaseUrl: from, busyTimeoutMs: BUSY_TIMEOUT_MS });
  try {
    await checkSourceSchema(source, from);
    await migrateDatabase(to);
    const target = await openDatabase({ databaseUrl: to, busyTimeoutMs: BUSY_TIMEOUT_MS, poolSize: 2 });
    try {
      const inOneTransaction = { maxWait: BUSY_TIMEOUT_MS, timeout: WHOLE_COPY_MS };
      // The source is read inside a SQLite transaction too, which begins IMMEDIATE
      // (src/server/db/one-connection.ts): one snapshot, and a server still running on
      // it cannot commit a write the copy would miss.
      return await source.$transaction(
        (reader) =>
          target.$transaction(
            (writer) => copyAllModels(models, reader, writer, { batchSize, onProgress }),
            inOneTransaction,
          ),
        inOneTransaction,
      );
    } finally {
      await target.$disconnect();
    }
  } finally {
    await source.$disconnect();
  }
}

function engineOrNone(databaseUrl: string) {
  try {
    return engineOf(databaseUrl);
  } catch {
    return undefined;
  }
}

/** Rows of a schema other than the code's would lose or lack columns in the copy. */
async function checkSourceSchema(source: Database, from: string): Promise<void> {
  const expected = projectMigrationNames(from);
  const applied = await appliedMigrations(source);
  const pending = expected.filter((name) => !applied.includes(name));
  if (pending.length) {
    throw new Error(
      `The source has pending migrations (${pending.join(', ')}): run npm run db:migrate with DATABASE_URL=${from} first.`,
    );
  }
  const unknown = applied.filter((name) => !expected.includes(name));
  if (unknown.length) {
    throw new Error(
      `The source has migrations this code lacks (${unknown.join(', ')}): copy with the code that made them.`,
    );
  }
}

async function copyAllModels(
  models: CopiedModel[],
  reader: TransactionClient,
  writer: TransactionClient,
  { batchSize, onProgress }: Required<Pick<CopyOptions, 'batchSize'>> & Pick<CopyOptions, 'onProgress'>,
): Promise<CopiedTable[]> {
  const occupied: string[] = [];
  for (const model of models) {
    const rows = await delegateOf(writer, model).count();
    if (rows > 0) occupied.push(`${model.name} has ${rows}`);
  }
  if (occupied.length) {
    throw new Error(
      `The target already holds rows (${occupied.join(', ')}): copy into an empty database; db:copy never merges or overwrites.`,
    );
  }

  const sourceRows = new Map<string, number>();
  for (const model of models) {
    const total = await delegateOf(reader, model).count();
    sourceRows.set(model.name, total);
    let copied = 0;
    let last: Row | undefined;
    for (;;) {
      const rows = await delegateOf(reader, model).findMany({
        where: last ? after(model.primaryKey, last) : {},
        orderBy: model.primaryKey.map((field) => ({ [field]: 'asc' })),
        take: batchSize,
      });
      if (rows.length === 0) break;
      await delegateOf(writer, model).createMany({ data: rows });
      copied += rows.length;
      last = rows.at(-1);
      onProgress?.({ model: model.name, copied, total });
      if (rows.length < batchSize) break;
    }
  }

  const summary: CopiedTable[] = [];
  for (const model of models) {
    const counted = { model: model.name, sourceRows: sourceRows.get(model.name) ?? 0, targetRows: 0 };
    counted.targetRows = await delegateOf(writer, model).count();
    if (counted.targetRows !== counted.sourceRows) {
      throw new Error(
        `${model.name} has ${counted.sourceRows} rows in the source but ${counted.targetRows} in the copy: nothing was committed.`,
      );
    }
    summary.push(counted);
  }
  // Rows copied with their ids leave PostgreSQL's sequence behind them: the next change
  // event (live updates, the one autoincrement id) would collide with a copied one.
  await writer.$executeRaw`SELECT setval(pg_get_serial_sequence('"ChangeEvent"', 'id'), COALESCE((SELECT MAX("id") FROM "ChangeEvent"), 0) + 1, false)`;
  return summary;
}

/**
 * Rows whose primary key sorts after `row`'s: keyset paging, which stays as fast on
 * the last page as on the first, for a single or a compound key.
 */
function after(primaryKey: string[], row: Row): object {
  return {
    OR: primaryKey.map((field, index) => ({
      ...Object.fromEntries(primaryKey.slice(0, index).map((earlier) => [earlier, row[earlier]])),
      [field]: { gt: row[field] },
    })),
  };
}

function delegateOf(client: TransactionClient, model: CopiedModel): RowDelegate {
  const delegate = (client as unknown as Record<string, RowDelegate | undefined>)[model.delegate];
  if (!delegate) throw new Error(`The Prisma client has no ${model.delegate}: run npm run db:generate.`);
  return delegate;
}
