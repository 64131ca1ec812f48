/**
 * The write peer (issue 20): the signed-in peer plus one Prisma 7 `update` of the
 * caller's row through `@prisma/adapter-better-sqlite3`, with `synchronous=FULL` as the
 * app commits (an acknowledged write survives a power cut). The Prisma client is the
 * app's generated one, on a copy of the app's migrated database (the benchmark makes
 * it): Prisma owns the tables, better-auth's built-in dialect reads and writes them.
 */
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import { PrismaClient } from '../../../src/server/db/generated/sqlite/client.ts';
import { createStockAuth, createStockTrpc, getUser, listenStock, requireUser, sqliteFile } from './stock-auth.ts';

const file = sqliteFile();
const auth = await createStockAuth(file, process.env.PUBLIC_URL ?? 'http://127.0.0.1', {
  schema: 'prisma',
});
const db = new PrismaClient({ adapter: new PrismaBetterSqlite3({ url: file }) });
await db.$executeRaw`PRAGMA synchronous = FULL`;
const t = createStockTrpc();
const router = t.router({
  viewer: t.procedure.query(({ ctx }) => getUser(auth, ctx.headers)),
  rename: t.procedure
    .input((value) => {
      if (typeof value !== 'object' || value === null || typeof (value as { name?: unknown }).name !== 'string') {
        throw new Error('Expected { name: string }.');
      }
      return value as { name: string };
    })
    .mutation(async ({ ctx, input }) => {
      const user = await requireUser(auth, ctx.headers);
      return db.user.update({ where: { id: user.id }, data: { name: input.name } });
    }),
});
await listenStock(auth, router, () => db.$disconnect());
