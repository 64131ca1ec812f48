/**
 * The app as production builds it (buildApp: every plugin, the real router), plus one
 * procedure production does not have: `bench.userById`, a primary-key read through
 * Prisma. The app exposes no public read of one row (its domain is not specified yet),
 * and reading one behind a session would time the session lookup too. Started like
 * dist/server/main.js, without its signal choreography (main.test.ts covers that).
 */
import { z } from 'zod';
import { buildApp } from '../../../server/app.ts';
import { loadConfig } from '../../../server/config.ts';
import { appRouter, type AppRouter } from '../../../server/router.ts';
import { publicProcedure, router } from '../../../server/trpc/init.ts';

const benchRouter = router({
  ...appRouter._def.record,
  bench: router({
    userById: publicProcedure.input(z.object({ id: z.string().max(64) })).query(({ ctx, input }) =>
      ctx.db.user.findUnique({
        where: { id: input.id },
        select: { id: true, name: true, role: true, createdAt: true },
      }),
    ),
  }),
});

const config = loadConfig();
// The extra procedure is invisible to AppRouter's type; the adapter needs no more than a router.
const app = await buildApp(config, { router: benchRouter as unknown as AppRouter });
await app.listen({ host: config.HOST, port: config.PORT });
process.once('SIGTERM', () => {
  void app.close();
});
