/**
 * `npm run db:copy -- --from file:./data/app.db --to postgresql://…`: moves a SQLite
 * deployment's data into an empty PostgreSQL database, all or nothing, then checks the
 * row counts (docs/operations.md). Stop the server first: it holds the SQLite write
 * lock for the whole copy, and a write after the copy would be left behind.
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { authSecretFile } from '../server/features/auth/auth-secret.ts';
import { loadConfig } from '../server/config.ts';
import { type CopiedTable, copyData } from './db/copy-data.ts';

const usage =
  'Usage: npm run db:copy -- --from file:<sqlite file> --to postgresql://<user>@<host>/<empty database> [--batch-size 500]';

async function main(): Promise<number> {
  let options: { from?: string; to?: string; 'batch-size'?: string };
  try {
    options = parseArgs({
      options: { from: { type: 'string' }, to: { type: 'string' }, 'batch-size': { type: 'string' } },
    }).values;
  } catch {
    options = {};
  }
  const { from, to } = options;
  const batchSize = options['batch-size'] === undefined ? undefined : Number(options['batch-size']);
  if (!from || !to) {
    console.error(usage);
    return 2;
  }

  const started = performance.now();
  const summary = await copyData({ from, to, batchSize, onProgress: progressPrinter() });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`Copied ${from} to ${withoutPassword(to)} in ${seconds} s, in one transaction:`);
  console.log(table(summary));
  console.log('Row counts match in every table.');
  const secret = authSecretFile(loadConfig({ DATABASE_URL: from }));
  if (secret && existsSync(secret)) {
    // PostgreSQL has no file beside it to keep a generated secret in (config.ts).
    console.log(`Set AUTH_SECRET to the contents of ${secret} where the app runs on PostgreSQL, or sessions end.`);
  }
  return 0;
}

/** A line per table at most once a second, and when it is done: a large table shows it is moving. */
function progressPrinter() {
  let printedAt = 0;
  return ({ model, copied, total }: { model: string; copied: number; total: number }) => {
    if (copied < total && performance.now() - printedAt < 1000) return;
    printedAt = performance.now();
    console.log(`  ${model}: ${copied} of ${total} rows`);
  };
}

function table(summary: CopiedTable[]): string {
  const width = Math.max(5, ...summary.map(({ model }) => model.length));
  const line = (cells: [string, string, string]) =>
    `  ${cells[0].padEnd(width)}  ${cells[1].padStart(8)}  ${cells[2].padStart(8)}`;
  return [
    line(['model', 'source', 'target']),
    ...summary.map((row) => line([row.model, String(row.sourceRows), String(row.targetRows)])),
  ].join('\n');
}

function withoutPassword(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  if (url.password) url.password = '***';
  return url.href;
}

/** Prisma's messages open with the call that failed and end with the reason. */
function oneLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !/^Invalid `.*` invocation/.test(line))
    .join(' ');
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`db:copy: ${oneLine(error)}`);
    process.exit(1);
  },
);
