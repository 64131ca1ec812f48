import Database from 'better-sqlite3';
import { describe, expect, it, vi } from 'vitest';
import { cachingPrepare, reuseStatements } from './statement-cache.ts';

function memoryDatabase() {
  const database = new Database(':memory:');
  database.exec("CREATE TABLE item (id TEXT PRIMARY KEY, name TEXT); INSERT INTO item VALUES ('a', 'A'), ('b', 'B')");
  return database;
}

/** As Prisma's adapter reads: bind, then every row in raw mode. */
const read = (prepared: ReturnType<ReturnType<typeof cachingPrepare>>, args: unknown[]) => {
  const bound = prepared.bind(args);
  return { reader: bound.reader, columns: bound.columns().map((c) => c.name), rows: bound.raw().all() };
};

describe('cachingPrepare', () => {
  it('prepares each SQL text once and answers every call with its own arguments', () => {
    const database = memoryDatabase();
    const prepareSpy = vi.spyOn(database, 'prepare');
    const prepare = cachingPrepare(database);
    const sql = 'SELECT id, name FROM item WHERE id = ?';

    expect(read(prepare(sql), ['a'])).toEqual({ reader: true, columns: ['id', 'name'], rows: [['a', 'A']] });
    expect(read(prepare(sql), ['b'])).toEqual({ reader: true, columns: ['id', 'name'], rows: [['b', 'B']] });
    expect(read(prepare(sql), ['missing']).rows).toEqual([]);
    expect(prepareSpy).toHaveBeenCalledTimes(1);
  });

  it('runs writes with their own arguments and reports the changes', () => {
    const database = memoryDatabase();
    const prepare = cachingPrepare(database);
    const sql = 'UPDATE item SET name = ? WHERE id = ?';

    expect(prepare(sql).bind(['Z', 'a']).run().changes).toBe(1);
    expect(prepare(sql).bind(['Y', 'nobody']).run().changes).toBe(0);
    expect(database.prepare('SELECT name FROM item ORDER BY id').pluck().all()).toEqual(['Z', 'B']);
  });

  it('keeps at most `size` statements, dropping the least recently used', () => {
    const database = memoryDatabase();
    const prepareSpy = vi.spyOn(database, 'prepare');
    const prepare = cachingPrepare(database, 2);
    const [first, second, third] = ['SELECT 1', 'SELECT 2', 'SELECT 3'];

    prepare(first);
    prepare(second);
    prepare(first); // most recent now: `second` goes next
    prepare(third);
    prepare(first);
    expect(prepareSpy).toHaveBeenCalledTimes(3);
    prepare(second);
    expect(prepareSpy).toHaveBeenCalledTimes(4);
  });

  it('sees a column added after the statement was cached', () => {
    const database = memoryDatabase();
    const prepare = cachingPrepare(database);
    const sql = 'SELECT * FROM item WHERE id = ?';
    expect(read(prepare(sql), ['a']).columns).toEqual(['id', 'name']);

    database.exec("ALTER TABLE item ADD COLUMN note TEXT DEFAULT 'n'");
    expect(read(prepare(sql), ['a'])).toMatchObject({ columns: ['id', 'name', 'note'], rows: [['a', 'A', 'n']] });
  });

  it('reports an SQL error on every call, and caches nothing for it', () => {
    const database = memoryDatabase();
    const prepare = cachingPrepare(database);
    expect(() => prepare('SELECT id FROM nowhere')).toThrow(/no such table/);
    expect(() => prepare('SELECT id FROM nowhere')).toThrow(/no such table/);
  });
});

describe('reuseStatements', () => {
  it("gives the adapter's client cached statements and leaves its other methods working", () => {
    const database = memoryDatabase();
    const prepareSpy = vi.spyOn(database, 'prepare');
    const adapter = reuseStatements({ client: database });
    const client = adapter.client;

    client.prepare('SELECT 1');
    client.prepare('SELECT 1');
    expect(prepareSpy).toHaveBeenCalledTimes(1);
    client.exec("INSERT INTO item VALUES ('c', 'C')");
    expect(client.pragma('journal_mode', { simple: true })).toBe('memory');
    expect(client.open).toBe(true);
  });

  it('refuses an adapter without a better-sqlite3 client', () => {
    expect(() => reuseStatements({})).toThrow(/no better-sqlite3 client/);
  });
});
