import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { appRoot } from '../paths.ts';
import { newUser } from '../test/new-user.ts';
import { testDatabaseUrl } from '../test/test-app.ts';
import { openDatabase } from './client.ts';
import { primaryKeyRead } from './hot-read.ts';
import { inTransaction, type DatabaseClient } from './transaction.ts';

const db = await openDatabase({ databaseUrl: await testDatabaseUrl(), busyTimeoutMs: 5_000 });
afterAll(() => db.$disconnect());

const select = {
  id: true,
  name: true,
  email: true,
  emailVerified: true,
  image: true,
  disabled: true,
  createdAt: true,
} as const;
const userRow = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  image: z.string().nullable(),
  disabled: z.boolean(),
  createdAt: z.date(),
});
const viaPrisma = (client: DatabaseClient, id: string) => client.user.findUnique({ where: { id }, select });
const userById = (spy = vi.fn(viaPrisma)) => ({
  read: primaryKeyRead({
    model: 'User',
    columns: Object.keys(select) as (keyof typeof select)[],
    row: userRow,
    viaPrisma: spy,
  }),
  spy,
});

describe('primaryKeyRead', () => {
  it("answers exactly what Prisma's findUnique answers, without calling it", async () => {
    const { read, spy } = userById();
    const verified = { ...newUser(), emailVerified: true, image: 'https://example.com/a.png' };
    const plain = newUser();
    await db.user.createMany({ data: [verified, plain] });
    await viaPrisma(db, plain.id); // Prisma has connected
    spy.mockClear();
    for (const user of [verified, plain]) {
      const row = await read(db, user.id);
      expect(row).toEqual(await viaPrisma(db, user.id));
      expect(row?.createdAt).toBeInstanceOf(Date);
    }
    expect(await read(db, 'no-such-id')).toBeNull();
    expect(spy).not.toHaveBeenCalled();
  });

  it('reads inside a transaction through its client, seeing its uncommitted writes', async () => {
    const { read, spy } = userById();
    const user = newUser();
    const seen = await inTransaction(db, async (tx) => {
      await tx.user.create({ data: user });
      return read(db, user.id);
    });
    expect(seen?.id).toBe(user.id);
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it("never reads another request's open transaction", async () => {
    const { read } = userById();
    const user = newUser();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let created!: () => void;
    const inserted = new Promise<void>((resolve) => (created = resolve));
    const writer = inTransaction(db, async (tx) => {
      await tx.user.create({ data: user });
      created();
      await held;
      throw new Error('rolled back');
    });
    await inserted;
    const reading = read(db, user.id);
    release();
    await expect(writer).rejects.toThrow('rolled back');
    expect(await reading).toBeNull();
  });

  it('falls back to Prisma when the driver fails, so the error edge sees what it always has', async () => {
    const failing = vi.fn(async () => {
      throw new Error("Prisma's own error");
    });
    const read = primaryKeyRead({
      // A table the database lacks (the compiler refuses it; a drifted database would not).
      model: 'NoSuchTable' as 'User',
      columns: ['id'],
      row: z.object({ id: z.string() }),
      viaPrisma: failing,
    });
    await expect(read(db, 'x')).rejects.toThrow("Prisma's own error");
    expect(failing).toHaveBeenCalledOnce();
  });

  it('refuses a row that does not match its schema, as a server error rather than a validation error', async () => {
    const user = newUser();
    await db.user.create({ data: user });
    const read = primaryKeyRead({
      model: 'User',
      columns: ['id', 'name'],
      // A schema the compiler would refuse: what the parse guards against at run time.
      row: z.object({ id: z.string(), name: z.number() }) as unknown as z.ZodType<{ id: string; name: string }>,
      viaPrisma: async () => null,
    });
    const failure = await read(db, user.id).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(failure).not.toHaveProperty('issues');
  });

  it("names tables and columns by their models' names, which the models never map to others", () => {
    // A @map or @@map would point the hot SQL at a table or column that does not exist.
    const models = readFileSync(join(appRoot, 'prisma', 'models.prisma'), 'utf8');
    expect(models).not.toMatch(/@@?map\(/);
  });

  it('takes plain identifiers only', () => {
    expect(() =>
      primaryKeyRead({
        model: 'User"; DROP TABLE "User' as 'User',
        columns: ['id'],
        row: z.object({ id: z.string() }),
        viaPrisma: async () => null,
      }),
    ).toThrow(/plain identifier/);
  });
});
