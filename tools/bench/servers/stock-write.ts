/**
 * The write peer: the signed-in peer plus one Prisma 7 `update` of the
 * caller's row. The Prisma client is the app's generated one for the engine DATABASE_URL
 * names, on a copy of the app's migrated database (the benchmark makes it): Prisma owns
 * the tables, better-auth's built-in dialect reads and writes them.
 *
 * - SQLite: `@prisma/adapter-better-sqlite3`, with `synchronous=FULL` as the app commits
 *   (an acknowledged write survives a power cut).
 * - PostgreSQL: `@prisma/adapter-pg` with the adapter's own pool settings, the server's
 *   default commit (`synchronous_commit=on`), as the app's writes there.
 */
import {
  createStockAuth,
  createStockTrpc,
  databaseUrl,
  getUser,
  isPostgresql,
  listenStock,
  requireUser,
  sqliteFile,
} from './stock-auth.ts';

interface PeerPrisma {
  rename: (id: string, name: string) => Promise<unknown>;
  disconnect: () => Promise<void>;
}

/** The engine's generated client, loaded only for its engine (each is its own chunk). */
async function openPrisma(url: string): Promise<PeerPrisma> {
  if (isPostgresql(url)) {
    const [{ PrismaPg }, { PrismaClient }] = await Promise.all([
      import('@prisma/adapter-pg'),
      import('../../../src/server/db/generated/postgresql/client.ts'),
    ]);
    const db = new PrismaClient({ adapter: new PrismaPg({ connectionString: url }) });
    return {
      rename: (id, name) => db.user.update({ where: { id }, data: { name } }),
      disconnect: () => db.$disconnect(),
    };
  }
  const [{ PrismaBetterSqlite3 }, { PrismaClient }] = await Promise.all([
    import('@prisma/adapter-better-sqlite3'),
    import('../../../src/server/db/generated/sqlite/client.ts'),
  ]);
  const db = new PrismaClient({ adapter: new PrismaBetterSqlite3({ url: sqliteFile(url) }) });
  await db.$executeRaw`PRAGMA synchronous = FULL`;
  return {
    rename: (id, name) => db.user.update({ where: { id }, data: { name } }),
    disconnect: () => db.$disconnect(),
  };
}

const url = databaseUrl();
const { auth, close } = await createStockAuth(url, process.env.PUBLIC_URL ?? 'http://127.0.0.1', {
  schema: 'prisma',
});
const db = await openPrisma(url);
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
      return db.rename(user.id, input.name);
    }),
});
await listenStock(auth, router, async () => {
  await db.disconnect();
  await close();
});
