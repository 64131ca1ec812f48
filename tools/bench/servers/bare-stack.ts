/**
 * The cold-start yardstick: Fastify, tRPC's own Fastify plugin and the Prisma client on
 * SQLite, and nothing else (no auth, no migrations, no security headers, no e-mail). The
 * app's start-up is compared with this one's, both spawned the same way.
 */
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import { initTRPC } from '@trpc/server';
import { fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import Fastify from 'fastify';
import { PrismaClient } from '../../../src/server/db/generated/sqlite/client.ts';

const db = new PrismaClient({ adapter: new PrismaBetterSqlite3({ url: process.env.DATABASE_URL ?? '' }) });
const t = initTRPC.create();
const router = t.router({
  userById: t.procedure
    .input((value) => String(value))
    .query(({ input }) => db.user.findUnique({ where: { id: input } })),
});

const app = Fastify({ logger: false });
await app.register(fastifyTRPCPlugin, { prefix: '/trpc', trpcOptions: { router } });
app.get('/readyz', async () => {
  await db.$queryRaw`SELECT 1`;
  return { status: 'ready' };
});
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.once('SIGTERM', () => {
  void app.close().then(() => db.$disconnect());
});
