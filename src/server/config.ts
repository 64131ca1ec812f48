import { z } from 'zod';

const booleanFromString = z
  .enum(['true', 'false', '1', '0'], { message: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1');

const integer = (min: number, max: number) =>
  z.coerce
    .number({ message: 'must be a number' })
    .int({ message: 'must be a whole number' })
    .min(min, { message: `must be at least ${min}` })
    .max(max, { message: `must be at most ${max}` });

/** The scheme that picks PostgreSQL (db/engines.ts's `engineOf` decides the same way). */
const POSTGRES_URL = /^postgres(?:ql)?:\/\/.+$/;

/** A comma-separated list of items, each checked by `item`; spaces around commas are ignored. */
const commaList = (item: z.ZodType<string, string>) =>
  z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item).min(1));

/**
 * Every environment variable the server reads, with its default.
 * `.env.example` documents the same list; a test keeps the two equal.
 */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('localhost'),
  PORT: integer(0, 65_535).default(3000),
  DATABASE_URL: z
    .string()
    .regex(/^(?:file:.+|postgres(?:ql)?:\/\/.+)$/, {
      message:
        'must be a SQLite URL such as file:./data/app.db or a PostgreSQL URL such as postgresql://app@db:5432/app',
    })
    .default('file:./data/app.db'),
  DATABASE_POOL_SIZE: integer(1, 1_000).default(10),
  DATABASE_CONNECT_TIMEOUT_MS: integer(100, 60_000).default(5_000),
  SHADOW_DATABASE_URL: z.string().regex(POSTGRES_URL, { message: 'must be a PostgreSQL URL' }).optional(),
  SQLITE_BUSY_TIMEOUT_MS: integer(5_000, 60_000).default(5000),
  SQLITE_SYNCHRONOUS: z.enum(['FULL', 'NORMAL']).default('FULL'),
  MIGRATE_ON_START: booleanFromString.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_PRETTY: booleanFromString.default(false),
  BODY_LIMIT_BYTES: integer(1024, 100 * 1024 * 1024).default(1024 * 1024),
  CLIENT_DIST_DIR: z.string().min(1).default('dist/client'),
  SHUTDOWN_TIMEOUT_MS: integer(1_000, 60_000).default(8_000),
  REQUEST_TIMEOUT_MS: integer(1_000, 300_000).default(30_000),
  TRUSTED_PROXIES: commaList(
    z.string().regex(/^[0-9a-fA-F:.]+(?:\/\d{1,3})?$/, { message: 'must list IP addresses or CIDR ranges' }),
  ).optional(),
  TRUSTED_ORIGINS: commaList(z.url({ message: 'must list origins such as https://admin.example.com' })).optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/.+$/, { message: 'must be a Redis URL such as redis://cache:6379' })
    .optional(),
  RATE_LIMIT_PER_MINUTE: integer(1, 1_000_000).default(600),
  AUTH_RATE_LIMIT: integer(1, 1_000_000).default(20),
  HSTS_MAX_AGE_SECONDS: integer(0, 2 * 365 * 24 * 60 * 60).default(365 * 24 * 60 * 60),
  METRICS_TOKEN: z.string().min(16, { message: 'must be at least 16 characters' }).optional(),
  METRICS_PORT: integer(1, 65_535).optional(),
  PUBLIC_URL: z.url({ message: 'must be a URL such as https://app.example.com' }).optional(),
  AUTH_SECRET: z.string().min(32, { message: 'must be at least 32 characters' }).optional(),
  FIRST_ADMIN_EMAIL: z.email({ message: 'must be an e-mail address' }).optional(),
  EMAIL_TRANSPORT: z.enum(['log', 'smtp', 'disabled']).default('log'),
  EMAIL_FROM: z
    .string()
    .regex(/^(?:[^<>\r\n]+<[^<>\s@]+@[^<>\s@]+>|[^<>\s@]+@[^<>\s@]+)$/, {
      message: 'must be an address such as no-reply@example.com or "Example <no-reply@example.com>"',
    })
    .optional(),
  SMTP_HOST: z.string().min(1).optional(),
  SMTP_PORT: integer(1, 65_535).default(587),
  SMTP_TLS: z.enum(['starttls', 'implicit', 'none']).default('starttls'),
  SMTP_USER: z.string().min(1).optional(),
  SMTP_PASSWORD: z.string().min(1).optional(),
  EMAIL_MAX_ATTEMPTS: integer(1, 100).default(8),
  EMAIL_RETRY_BASE_MS: integer(10, 3_600_000).default(30_000),
  EMAIL_RETRY_MAX_MS: integer(10, 86_400_000).default(3_600_000),
  EMAIL_SEND_TIMEOUT_MS: integer(100, 300_000).default(30_000),
  EMAIL_RETENTION_DAYS: integer(1, 3650).default(30),
  MAILBOX: z.enum(['open', 'admins', 'off']).optional(),
  JOBS_WORKER: booleanFromString.default(true),
  JOBS_CONCURRENCY: integer(1, 100).default(4),
  JOBS_RETENTION_DAYS: integer(1, 3650).default(14),
  AUDIT_RETENTION_DAYS: integer(1, 36_500).default(365),
  IDEMPOTENCY_KEY_TTL_HOURS: integer(1, 24 * 365).default(24),
  IDEMPOTENCY_WAIT_MS: integer(0, 300_000).default(10_000),
  LIVE_MAX_STREAMS: integer(0, 100_000).default(250),
  LIVE_STREAMS_PER_SESSION: integer(1, 100_000).default(6),
  APP_COMMIT: z
    .string()
    .regex(/^[0-9a-f]{7,40}$/, { message: 'must be a git commit hash' })
    .optional(),
});

export type Config = z.infer<typeof configSchema>;

/** The origin people use to reach the app: links in e-mails, the origin check, cookies. */
export function publicUrl(config: Config): URL {
  return new URL(config.PUBLIC_URL ?? `http://localhost:${config.PORT}`);
}

/** The names of this machine's loopback interface, as a browser writes them in an address. */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The origins that are this server itself. With PUBLIC_URL set, its origin only.
 * Without it the server runs on someone's own machine, where localhost, 127.0.0.1
 * and [::1] on the app's port reach the same process and people type any of them
 * (Fastify's own log names 127.0.0.1): all three are one origin. Cookies stay
 * host-only, so a session started on one name is that name's alone.
 */
export function ownOrigins(config: Config): string[] {
  const origin = publicUrl(config).origin;
  if (config.PUBLIC_URL) return [origin];
  return [origin, ...LOOPBACK_HOSTS.map((host) => `http://${host}:${config.PORT}`).filter((other) => other !== origin)];
}

/** Who may open the mailbox (outbox messages and template gallery): open in development, admins in production. */
export function mailboxAccess(config: Config): 'open' | 'admins' | 'off' {
  return config.MAILBOX ?? (config.NODE_ENV === 'production' ? 'admins' : 'open');
}

/** Rules that span variables; each names the variable to change. */
function checkCombinations(config: Config, context: z.RefinementCtx) {
  const problem = (name: keyof Config, message: string) => {
    context.addIssue({ code: 'custom', path: [name], message });
  };
  if (config.MAILBOX === 'open' && config.NODE_ENV === 'production') {
    problem('MAILBOX', 'must not be open in production: it shows e-mailed sign-in links to anyone');
  }
  if (POSTGRES_URL.test(config.DATABASE_URL) && !config.AUTH_SECRET && config.NODE_ENV === 'production') {
    problem(
      'AUTH_SECRET',
      'must be set with PostgreSQL: every instance must sign session cookies with the same secret',
    );
  }
  if (config.EMAIL_TRANSPORT === 'disabled') {
    problem(
      'EMAIL_TRANSPORT',
      'must not be disabled: identity (verify-email, reset-password) sends e-mail; use smtp, or log to keep messages in the mailbox',
    );
  }
  if (config.EMAIL_TRANSPORT === 'smtp') {
    if (!config.SMTP_HOST) problem('SMTP_HOST', 'must be set when EMAIL_TRANSPORT=smtp');
    if (!config.EMAIL_FROM) problem('EMAIL_FROM', 'must be set when EMAIL_TRANSPORT=smtp');
  }
  if (Boolean(config.SMTP_USER) !== Boolean(config.SMTP_PASSWORD)) {
    problem(
      config.SMTP_USER ? 'SMTP_PASSWORD' : 'SMTP_USER',
      'must be set together with the other of SMTP_USER and SMTP_PASSWORD',
    );
  }
  if (config.EMAIL_RETRY_MAX_MS < config.EMAIL_RETRY_BASE_MS) {
    problem('EMAIL_RETRY_MAX_MS', `must be at least EMAIL_RETRY_BASE_MS (${config.EMAIL_RETRY_BASE_MS})`);
  }
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration: ${problems.join('; ')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Reads the configuration from an environment. Throws a `ConfigError` naming each
 * bad variable; an empty string counts as unset so `PORT=` falls back to the default.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  return parseEnvironment(configSchema.superRefine(checkCombinations), Object.keys(configSchema.shape), env);
}

const databaseSchema = configSchema.pick({ DATABASE_URL: true, SHADOW_DATABASE_URL: true });

/**
 * What the database commands (db:migrate, db:status, db:migration) read. Migrating
 * needs no session secret, so a release job that migrates PostgreSQL is not held to
 * the server's rules across variables (AUTH_SECRET in production).
 */
export function loadDatabaseConfig(
  env: Record<string, string | undefined> = process.env,
): z.infer<typeof databaseSchema> {
  return parseEnvironment(databaseSchema, Object.keys(databaseSchema.shape), env);
}

function parseEnvironment<T>(schema: z.ZodType<T>, keys: string[], env: Record<string, string | undefined>): T {
  const input = Object.fromEntries(keys.map((key) => [key, env[key] === '' ? undefined : env[key]]));
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => {
    const name = String(issue.path[0] ?? 'configuration');
    const received = input[name];
    return `${name} ${issue.message}${received === undefined ? '' : ` (got ${JSON.stringify(received)})`}`;
  });
  throw new ConfigError(problems);
}

/** Config for tests and scripts: the defaults, overridden by what is given. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...configSchema.parse({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), ...overrides };
}
