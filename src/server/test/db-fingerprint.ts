import { createHash } from 'node:crypto';
import { engineOfDatabase, type Database } from '../db/client.ts';
import { Prisma } from '../db/generated/sqlite/client.ts';

/**
 * Columns that change with no request behind them: the job workers move a queued job,
 * and the e-mail it delivers, through their states in the background. Rows and their
 * content still count, so a rejected call that queued an e-mail or a job is caught.
 */
const BACKGROUND_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  EmailOutbox: ['status', 'attempts', 'nextAttemptAt', 'leaseUntil', 'lastError', 'sentAt', 'updatedAt'],
  BackgroundJob: ['status', 'attempts', 'runAt', 'leaseUntil', 'workerId', 'lastError', 'startedAt', 'finishedAt'],
};

/**
 * Tables that record calls rather than hold the product's state: the audit trail
 * writes a row for a refused mutation too (that is its purpose), so a refusal is
 * still "no change" when only it grew.
 */
const RECORDS_OF_CALLS: readonly string[] = ['AuditEvent'];

/** Tables the clock changes: a schedule's tick takes its slot (and queues its job) whenever it falls due. */
const CLOCK_TABLES: readonly string[] = ['ScheduleState'];

/**
 * Rows the clock adds: the job a schedule's tick queues (its de-duplication key is
 * `<schedule>@<slot>`, schedules.ts), at an app's first start or when an hour turns
 * during a test. A column and a pattern its value matches (its source is also a PostgreSQL
 * regular expression).
 */
const CLOCK_ROWS: Readonly<Record<string, { column: string; pattern: RegExp }>> = {
  BackgroundJob: { column: 'dedupeKey', pattern: /@\d{4}-\d\d-\d\dT[\d:.]+Z$/ },
};

function addedByClock(table: string, row: Record<string, unknown>): boolean {
  const rule = CLOCK_ROWS[table];
  const value = rule ? row[rule.column] : undefined;
  return rule !== undefined && typeof value === 'string' && rule.pattern.test(value);
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** SQLite hands back BigInt for integers, and Buffers for blobs; neither is JSON. */
function replacer(_key: string, value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  return value;
}

/** One table's rows as sorted JSON lines, without its background columns. */
async function dumpTable(db: Database, table: string): Promise<string[]> {
  // The name comes from the catalogue, not from a caller; quoting keeps odd names intact.
  const rows = await db.$queryRaw<Record<string, unknown>[]>(Prisma.sql`SELECT * FROM ${Prisma.raw(quoted(table))}`);
  const skipped = BACKGROUND_COLUMNS[table] ?? [];
  return rows
    .filter((row) => !addedByClock(table, row))
    .map((row) =>
      JSON.stringify(
        Object.entries(row).filter(([column]) => !skipped.includes(column)),
        replacer,
      ),
    )
    .sort();
}

/** Tables whose rows make up the fingerprint: every table of the engine's catalogue, less the ones above. */
async function fingerprintedTables(db: Database): Promise<string[]> {
  const tables =
    engineOfDatabase(db) === 'sqlite'
      ? await db.$queryRaw<{ name: string }[]>`
          SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`
      : await db.$queryRaw<{ name: string }[]>`
          SELECT table_name AS name FROM information_schema.tables
          WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`;
  return tables
    .map(({ name }) => name)
    .filter((name) => !RECORDS_OF_CALLS.includes(name) && !CLOCK_TABLES.includes(name));
}

/**
 * PostgreSQL digests each table itself, all in one query: a round trip per table and
 * attempt made the procedure fuzz spend most of its time waiting. Each row is its JSON
 * without the background columns, the clock's rows left out as in `dumpTable`.
 */
async function postgresqlDigests(db: Database, tables: string[]): Promise<string[]> {
  if (tables.length === 0) return [];
  const selects = tables.map((table) => {
    const skipped = BACKGROUND_COLUMNS[table] ?? [];
    const row = skipped.length ? `to_jsonb(t) - ARRAY[${skipped.map(literal).join(', ')}]::text[]` : 'to_jsonb(t)';
    const clock = CLOCK_ROWS[table];
    const byClock = clock ? ` WHERE coalesce(t.${quoted(clock.column)}, '') !~ ${literal(clock.pattern.source)}` : '';
    return (
      `SELECT ${literal(table)} AS name, md5(coalesce(string_agg(r, E'\\n' ORDER BY r), '')) AS digest ` +
      `FROM (SELECT (${row})::text AS r FROM ${quoted(table)} t${byClock}) rows`
    );
  });
  const digests = await db.$queryRaw<{ name: string; digest: string }[]>(Prisma.raw(selects.join('\nUNION ALL\n')));
  const byName = new Map(digests.map(({ name, digest }) => [name, digest]));
  return tables.map((table) => `${table} ${byName.get(table) ?? ''}`);
}

/**
 * A digest of every row of every table, read through the app's own client: one line per
 * table, `<name> <digest of its rows>`, so a difference names the table. Tables are found
 * in the engine's catalogue, so a table added later is covered without editing this.
 * Two equal fingerprints mean no request changed anything in between.
 */
export async function databaseFingerprint(db: Database): Promise<string> {
  const tables = await fingerprintedTables(db);
  if (engineOfDatabase(db) === 'postgresql') return (await postgresqlDigests(db, tables)).join('\n');
  const lines: string[] = [];
  for (const name of tables) {
    const hash = createHash('sha256');
    for (const line of await dumpTable(db, name)) hash.update(`${line}\n`);
    lines.push(`${name} ${hash.digest('hex')}`);
  }
  return lines.join('\n');
}

/** The tables whose rows differ between two fingerprints. */
export function changedTables(before: string, after: string): string[] {
  const known = new Set(before.split('\n'));
  return after
    .split('\n')
    .filter((line) => !known.has(line))
    .map((line) => line.split(' ')[0] ?? line);
}
