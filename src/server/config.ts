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
    .regex(/^file:.+/, {
      message: 'must be a SQLite URL such as file:./data/app.db',
    })
    .default('file:./data/app.db'),
  SQLITE_BUSY_TIMEOUT_MS: integer(0, 60_000).default(5000),
  MIGRATE_ON_START: booleanFromString.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_PRETTY: booleanFromString.default(false),
  BODY_LIMIT_BYTES: integer(1024, 100 * 1024 * 1024).default(1024 * 1024),
  CLIENT_DIST_DIR: z.string().min(1).default('dist/client'),
  SHUTDOWN_TIMEOUT_MS: integer(0, 120_000).default(10_000),
  PUBLIC_URL: z.url({ message: 'must be a URL such as https://app.example.com' }).optional(),
  AUTH_SECRET: z.string().min(32, { message: 'must be at least 32 characters' }).optional(),
  FIRST_ADMIN_EMAIL: z.email({ message: 'must be an e-mail address' }).optional(),
  DEV_MAILBOX: booleanFromString.default(false),
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
  const input = Object.fromEntries(
    Object.keys(configSchema.shape).map((key) => [key, env[key] === '' ? undefined : env[key]]),
  );
  const parsed = configSchema
    .refine((config) => !(config.DEV_MAILBOX && config.NODE_ENV === 'production'), {
      path: ['DEV_MAILBOX'],
      message: 'must not be true in production: it shows e-mailed sign-in links to anyone',
    })
    .safeParse(input);
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
  return {
    ...configSchema.parse({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
    ...overrides,
  };
}
