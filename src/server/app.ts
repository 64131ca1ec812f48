import Fastify, { type FastifyInstance } from 'fastify';
import { AccessLog } from './access-log.ts';
import { createAuth, type PasswordHasher } from './features/auth/create-auth.ts';
import { clientErrorHandler } from './errors/client-error.ts';
import { readBuildInfo } from './build-info.ts';
import type { Config } from './config.ts';
import { clientStaticPlugin } from './plugins/client-static.ts';
import { dbPlugin } from './plugins/db.ts';
import { emailPlugin } from './plugins/email.ts';
import { jobsPlugin } from './plugins/jobs.ts';
import { notificationsPlugin } from './plugins/notifications.ts';
import { livePlugin } from './plugins/live.ts';
import { backgroundWorkPlugin } from './plugins/background-work.ts';
import { healthPlugin } from './plugins/health.ts';
import { notFoundAndErrorsPlugin, sendFrameworkError } from './errors/not-found-and-errors.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { rateLimitPlugin } from './rate-limit/rate-limit.ts';
import { metricsServed } from './metrics/app-metrics.ts';
import { unreadMetrics } from './metrics/unread-metrics.ts';
import { trpcPlugin } from './plugins/trpc.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { startNoticePlugin } from './plugins/start-notice.ts';
import { createSetupToken } from './features/setup/setup-token.ts';
import { appRouter, type AppRouter } from './router.ts';
import { requestIdOf } from './request-id.ts';
import type { AppServices } from './trpc/context.ts';
import { SECRET_FIELDS } from './audit/redaction.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's services, for tests that boot the app and reach past HTTP (its database, its config). */
    services: AppServices;
  }
}

export type ClientMode = 'static' | 'vite' | 'none';

export interface BuildOptions {
  /** How the browser app is served: the Vite build, Vite's dev server, or not at all. */
  client?: ClientMode;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /**
   * The router mounted at /trpc: the app's own unless a caller adds to it. Only the
   * benchmark does (tools/bench/servers/bench-app.ts), to time one primary-key read.
   */
  router?: AppRouter;
  /** How passwords are hashed and checked: the auth library's scrypt unless a test watches it. */
  passwordHasher?: PasswordHasher;
}

const HEADERS_TIMEOUT_MS = 10_000;

/**
 * Never logged: credentials in headers, and secrets in any logged object (a
 * procedure's input, an error's details). The log-redaction test lists what it proves.
 */
const REDACTED_LOG_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  ...SECRET_FIELDS.map((name) => `*.${name}`),
];

/** The longest procedure path a batch URL may carry (`a.b,c.d,...`). */
const MAX_PARAM_LENGTH = 5_000;

/**
 * Builds the whole application, ready to `listen` or to `inject` in tests.
 * Plugins register in a fixed order: the error edge (which the others inherit),
 * what every request passes (headers, metrics, rate limits), the database and
 * e-mail, then the routes.
 */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const client = options.client ?? (config.NODE_ENV === 'development' ? 'vite' : 'static');
  const metrics = metricsServed(config)
    ? (await import('./metrics/prometheus-metrics.ts')).createAppMetrics()
    : unreadMetrics();
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: { paths: REDACTED_LOG_PATHS, censor: '[redacted]' },
      ...(options.logStream ? { stream: options.logStream } : {}),
      ...(config.LOG_PRETTY ? { transport: { target: 'pino-pretty' } } : {}),
    },
    bodyLimit: config.BODY_LIMIT_BYTES,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    genReqId: requestIdOf,
    frameworkErrors: (error, req, reply) => {
      void sendFrameworkError(error, req, reply, metrics);
    },
    // Requests Node's parser refuses before Fastify sees them: the catalogue's answer too.
    clientErrorHandler: clientErrorHandler(metrics),
    // The incoming id is read by genReqId, which checks its shape first.
    requestIdHeader: false,
    logController: new AccessLog(),
    // Only the listed proxies' X-Forwarded-For is believed; `true` would let any
    // client choose its own IP, and with it its rate-limit bucket.
    trustProxy: config.TRUSTED_PROXIES ?? false,
    // A client that trickles its request (slowloris) is cut off: the whole request
    // within REQUEST_TIMEOUT_MS, its headers within 10 s, checked every second.
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    http: {
      headersTimeout: Math.min(HEADERS_TIMEOUT_MS, config.REQUEST_TIMEOUT_MS),
      connectionsCheckingInterval: 1_000,
    },
  });
  // Every answer names its request, so a person can quote it and an operator find it.
  // Hooks on every request take Fastify's callback form: an async hook costs a promise
  // per request for work that never waits (docs/decisions/0017-performance.md).
  app.addHook('onRequest', (req, reply, done) => {
    void reply.header('x-request-id', req.id);
    done();
  });
  // First, so every plugin below inherits its error handler.
  await app.register(notFoundAndErrorsPlugin, { metrics });
  await app.register(securityHeadersPlugin, { config });
  await app.register(metricsPlugin, { config, metrics });
  await app.register(rateLimitPlugin, {
    config,
    onLimited: (scope) => {
      metrics.rateLimited.inc({ scope });
    },
  });

  await app.register(dbPlugin, {
    config,
    onConnectionWait: (ms) => {
      metrics.dbConnectionWait.observe(ms / 1000);
    },
  });
  await app.register(notificationsPlugin, { config });
  await app.register(jobsPlugin, { config, metrics });
  await app.register(livePlugin, { config, metrics });
  await app.register(emailPlugin, { config, metrics });
  await app.register(backgroundWorkPlugin);
  const services: AppServices = {
    config,
    db: app.db,
    auth: createAuth({
      config,
      db: app.db,
      email: app.email,
      log: app.log,
      ...(options.passwordHasher ? { passwordHasher: options.passwordHasher } : {}),
    }),
    email: app.email,
    buildInfo: readBuildInfo(config.APP_COMMIT),
    startedAt: new Date(),
    metrics,
    jobs: app.jobs,
    background: app.backgroundWork,
    setupToken: createSetupToken(),
    procedureRateLimit: app.procedureRateLimit,
    live: app.live,
  };
  app.decorate('services', services);

  await app.register(healthPlugin, { logLevel: config.LOG_LEVEL, databaseUrl: config.DATABASE_URL });
  await app.register(trpcPlugin, { services, router: options.router ?? appRouter });
  await app.register(openApiPlugin, { services, router: options.router ?? appRouter });
  await app.register(startNoticePlugin, { services });
  if (client === 'static') await app.register(clientStaticPlugin, { distDir: config.CLIENT_DIST_DIR });
  if (client === 'vite') await app.register((await import('./plugins/client-dev.ts')).clientDevPlugin);
  return app;
}
