import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { createAuth } from './auth/create-auth.ts';
import { readBuildInfo } from './build-info.ts';
import type { Config } from './config.ts';
import { clientStaticPlugin } from './plugins/client-static.ts';
import { dbPlugin } from './plugins/db.ts';
import { emailPlugin } from './plugins/email.ts';
import { healthPlugin } from './plugins/health.ts';
import { notFoundAndErrorsPlugin } from './plugins/not-found-and-errors.ts';
import { trpcPlugin } from './plugins/trpc.ts';
import type { AppServices } from './trpc/context.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's services, for tests and commands that boot the app. */
    services: AppServices;
  }
}

export type ClientMode = 'static' | 'vite' | 'none';

export interface BuildOptions {
  /** How the browser app is served: the Vite build, Vite's dev server, or not at all. */
  client?: ClientMode;
}

/** The longest procedure path a batch URL may carry (`a.b,c.d,...`). */
const MAX_PARAM_LENGTH = 5_000;

/**
 * Builds the whole application, ready to `listen` or to `inject` in tests.
 * Plugins register in a fixed order: infrastructure, then routes, then the edge.
 */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const client = options.client ?? (config.NODE_ENV === 'development' ? 'vite' : 'static');
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      ...(config.LOG_PRETTY ? { transport: { target: 'pino-pretty' } } : {}),
    },
    bodyLimit: config.BODY_LIMIT_BYTES,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    genReqId: () => randomUUID(),
  });
  // Every answer names its request, so a person can quote it and an operator find it.
  app.addHook('onRequest', async (req, reply) => {
    void reply.header('x-request-id', req.id);
  });
  // First, so every plugin below inherits its error handler.
  await app.register(notFoundAndErrorsPlugin);

  await app.register(dbPlugin, { config });
  await app.register(emailPlugin, { config });
  const services: AppServices = {
    config,
    db: app.db,
    auth: createAuth({ config, db: app.db, email: app.email, log: app.log }),
    email: app.email,
    buildInfo: readBuildInfo(config.APP_COMMIT),
    startedAt: new Date(),
  };
  app.decorate('services', services);

  await app.register(healthPlugin, { logLevel: config.LOG_LEVEL });
  await app.register(trpcPlugin, { services });
  if (client === 'static') await app.register(clientStaticPlugin, { distDir: config.CLIENT_DIST_DIR });
  if (client === 'vite') await app.register((await import('./plugins/client-dev.ts')).clientDevPlugin);
  return app;
}
