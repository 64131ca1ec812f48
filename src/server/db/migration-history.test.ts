import { describe, expect, it } from 'vitest';
import { emptyTestDatabaseUrl, scratchDir, testDatabaseUrl, testEngine } from '../test/test-app.ts';
import { migrationPathsFor } from './engines.ts';
import { localMigrationNames } from './migration-folder.ts';
import { readMigrationHistory } from './migration-history.ts';

const options = (databaseUrl: string) => ({ databaseUrl, busyTimeoutMs: 5000, connectTimeoutMs: 2000 });

describe(`the migration history read before the app's client opens (${testEngine()})`, () => {
  it('is empty on a database never migrated, which has no history table', async () => {
    expect(await readMigrationHistory(options(await emptyTestDatabaseUrl()))).toEqual([]);
  });

  it("holds every migration of a migrated database, finished, with its file's checksum", async () => {
    const records = await readMigrationHistory(options(await testDatabaseUrl()));
    expect(records.map((record) => record.name).sort()).toEqual(localMigrationNames(migrationPathsFor(testEngine())));
    for (const record of records) {
      expect({ finished: record.finished, rolledBack: record.rolledBack }).toEqual({
        finished: true,
        rolledBack: false,
      });
      expect(record.checksum).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it('names the database it cannot read in the error that stops the start', async () => {
    // A folder where the file should be (SQLite), a port nothing listens on (PostgreSQL).
    const databaseUrl =
      testEngine() === 'sqlite' ? `file:${scratchDir()}` : 'postgresql://postgres@127.0.0.1:1/postgres';
    await expect(readMigrationHistory(options(databaseUrl))).rejects.toThrow(
      testEngine() === 'sqlite'
        ? /^Could not read the database's migration history: /
        : "Could not read the database's migration history: can't reach database server at 127.0.0.1:1",
    );
  });
});
