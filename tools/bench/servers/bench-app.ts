/**
 * The app as production builds it (buildApp: every plugin, the real router), plus one
 * procedure production does not have: `bench.userById`, a primary-key read through
 * Prisma's client. The app exposes no public read of one row (its domain is not
 * specified yet), and reading one behind a session would time the session lookup too.
 * Started like dist/server/main.js, without its signal choreography (main.test.ts
 * covers that).
 */
import { z } from 'zod';
import { buildApp } from '../../../src/server/app.ts';
import { loadConfig } from '../../../src/server/config.ts';
import { appRouter, type AppRouter } from '../../../src/server/router.ts';
import type { DatabaseClient } from '../../../src/server/db/transaction.ts';
import { publicProcedure, router } from '../../../src/server/trpc/init.ts';

const select = { id: true, name: true, role: true, createdAt: true } as const;
const userById = (client: DatabaseClient, id: string) => client.user.findUnique({ where: { id }, select });
const byId = publicProcedure.input(z.object({ id: z.string().max(64) }));

const benchRouter = router({
  ...appRouter._def.record,
  bench: router({
    userById: byId.query(({ ctx, input }) => userById(ctx.db, input.id)),
  }),
});

const config = loadConfig();
// The extra procedure is invisible to AppRouter's type; the adapter needs no more than a router.
const app = await buildApp(config, { router: benchRouter as unknown as AppRouter });
await app.listen({ host: config.HOST, port: config.PORT });
process.once('SIGTERM', () => {
  void app.close();
});
