/**
 * What SQLITE_SYNCHRONOUS costs on this disk: single-row committed inserts into a
 * WAL database, with synchronous=FULL and NORMAL. A measurement for
 * docs/operations.md, not a test:
 *   npx tsx tools/bench/sqlite-sync-cost.ts [--rows 2000]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';

const { values } = parseArgs({ options: { rows: { type: 'string', default: '2000' } } });
const rows = Number(values.rows);
if (!Number.isInteger(rows) || rows < 1) throw new Error('--rows must be a whole number ≥ 1.');
const dir = mkdtempSync(join(tmpdir(), 'sqlite-sync-'));
try {
  for (const mode of ['FULL', 'NORMAL'] as const) {
    const db = new Database(join(dir, `${mode}.db`));
    db.pragma('journal_mode = WAL');
    db.pragma(`synchronous = ${mode}`);
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)');
    const insert = db.prepare('INSERT INTO t (v) VALUES (?)');
    const started = process.hrtime.bigint();
    for (let row = 0; row < rows; row += 1) insert.run('x'.repeat(100));
    const perCommitMs = Number(process.hrtime.bigint() - started) / 1e6 / rows;
    console.log(`synchronous=${mode}: ${perCommitMs.toFixed(3)} ms per commit (${rows} commits)`);
    db.close();
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
