import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, configSchema, loadConfig, mailboxAccess, type Config } from './config.ts';
import { appRoot } from './paths.ts';

describe('loadConfig', () => {
  it('starts with no variables at all, on SQLite under data/, port 3000', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      NODE_ENV: 'production',
      PORT: 3000,
      DATABASE_URL: 'file:./data/app.db',
      MIGRATE_ON_START: true,
    });
  });

  it('reads and converts the variables it is given', () => {
    const config = loadConfig({
      PORT: '8080',
      MIGRATE_ON_START: 'false',
      LOG_LEVEL: 'debug',
      DATABASE_URL: 'file:/x.db',
    });
    expect(config).toMatchObject({
      PORT: 8080,
      MIGRATE_ON_START: false,
      LOG_LEVEL: 'debug',
      DATABASE_URL: 'file:/x.db',
    });
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '' }).PORT).toBe(3000);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['MIGRATE_ON_START', 'yes please'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['LOG_LEVEL', 'loud'],
    ['APP_COMMIT', 'not a sha'],
  ])('rejects %s=%j with one message naming the variable', (name, value) => {
    const attempt = () => loadConfig({ [name]: value });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(new RegExp(`^Invalid configuration: ${name} .*\\(got "${value}"\\)$`));
  });

  it('picks PostgreSQL from a postgres:// or postgresql:// URL, and requires a shared AUTH_SECRET with it in production', () => {
    const secret = 'a-secret-of-at-least-thirty-two-characters';
    for (const url of ['postgres://app@db:5432/app', 'postgresql://app@db/app']) {
      expect(() => loadConfig({ DATABASE_URL: url })).toThrow(/AUTH_SECRET must be set with PostgreSQL/);
      expect(loadConfig({ DATABASE_URL: url, AUTH_SECRET: secret }).DATABASE_URL).toBe(url);
      expect(loadConfig({ DATABASE_URL: url, NODE_ENV: 'development' }).DATABASE_POOL_SIZE).toBe(10);
    }
    expect(() => loadConfig({ REDIS_URL: 'http://cache' })).toThrow(/REDIS_URL must be a Redis URL/);
  });

  it('opens the mailbox to anyone in development only, to admins in production, and lets it be turned off', () => {
    expect(() => loadConfig({ MAILBOX: 'open' })).toThrow(/MAILBOX must not be open in production/);
    expect(mailboxAccess(loadConfig({}))).toBe('admins');
    expect(mailboxAccess(loadConfig({ NODE_ENV: 'development' }))).toBe('open');
    expect(mailboxAccess(loadConfig({ MAILBOX: 'off' }))).toBe('off');
  });

  it.each([
    [{ EMAIL_TRANSPORT: 'smtp' }, /SMTP_HOST must be set when EMAIL_TRANSPORT=smtp; EMAIL_FROM must be set/],
    [
      { EMAIL_TRANSPORT: 'smtp', SMTP_HOST: 'mail', EMAIL_FROM: 'a@b.c', SMTP_USER: 'u' },
      /SMTP_PASSWORD must be set together/,
    ],
    [{ EMAIL_TRANSPORT: 'smtp', SMTP_HOST: 'mail', EMAIL_FROM: 'not an address' }, /EMAIL_FROM must be an address/],
    [{ EMAIL_TRANSPORT: 'pigeon' }, /EMAIL_TRANSPORT .*"pigeon"/],
    [{ SMTP_TLS: 'maybe' }, /SMTP_TLS/],
    [
      { EMAIL_RETRY_BASE_MS: '60000', EMAIL_RETRY_MAX_MS: '1000' },
      /EMAIL_RETRY_MAX_MS must be at least EMAIL_RETRY_BASE_MS/,
    ],
  ])('refuses an e-mail set-up that cannot work: %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('accepts a complete SMTP set-up', () => {
    const env = { EMAIL_TRANSPORT: 'smtp', SMTP_HOST: 'mail', SMTP_PORT: '465', SMTP_TLS: 'implicit' };
    const config = loadConfig({
      ...env,
      EMAIL_FROM: 'Example <no-reply@example.com>',
      SMTP_USER: 'u',
      SMTP_PASSWORD: 'p',
    });
    expect(config).toMatchObject({ EMAIL_TRANSPORT: 'smtp', SMTP_PORT: 465, SMTP_TLS: 'implicit' });
  });

  it('names every bad variable at once', () => {
    try {
      loadConfig({ PORT: '-1', LOG_LEVEL: 'loud' });
      expect.unreachable();
    } catch (error) {
      expect((error as ConfigError).problems.map((problem) => problem.split(' ')[0])).toEqual(['PORT', 'LOG_LEVEL']);
    }
  });
});

describe('.env.example', () => {
  const example = readFileSync(join(appRoot, '.env.example'), 'utf8');

  it('documents exactly the variables the server reads', () => {
    const documented = [...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1]);
    expect(documented.sort()).toEqual(Object.keys(configSchema.shape).sort());
  });

  it('shows each default as the server applies it; a variable without one is commented out', () => {
    const defaults = loadConfig({});
    for (const [, commented, name = '', value] of example.matchAll(/^(#?)\s*([A-Z][A-Z0-9_]+)=(.*)$/gm)) {
      const key = name as keyof Config;
      if (commented) expect(defaults[key], `${name} has a default: show it uncommented`).toBeUndefined();
      else expect(loadConfig({ [name]: value })[key], name).toEqual(defaults[key]);
    }
  });
});

describe('hardening settings', () => {
  it('reads comma-separated lists of proxies and origins, and refuses malformed entries', () => {
    const config = loadConfig({
      TRUSTED_PROXIES: '10.0.0.0/8, 192.168.1.1',
      TRUSTED_ORIGINS: 'https://admin.example.com',
    });
    expect(config.TRUSTED_PROXIES).toEqual(['10.0.0.0/8', '192.168.1.1']);
    expect(config.TRUSTED_ORIGINS).toEqual(['https://admin.example.com']);
    expect(() => loadConfig({ TRUSTED_PROXIES: 'everyone' })).toThrow(/TRUSTED_PROXIES must list IP addresses/);
    expect(() => loadConfig({ TRUSTED_ORIGINS: 'not a url' })).toThrow(/TRUSTED_ORIGINS must list origins/);
  });

  it('keeps the busy timeout at five seconds or more, and a short metrics token out', () => {
    expect(() => loadConfig({ SQLITE_BUSY_TIMEOUT_MS: '100' })).toThrow(/SQLITE_BUSY_TIMEOUT_MS must be at least 5000/);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be at least 16 characters/);
  });
});

describe('e-mail set-ups that cannot work', () => {
  it('refuses EMAIL_TRANSPORT=disabled at start-up: identity sends e-mail', () => {
    expect(() => loadConfig({ EMAIL_TRANSPORT: 'disabled' })).toThrow(
      /^Invalid configuration: EMAIL_TRANSPORT must not be disabled: identity \(verify-email, reset-password\) sends e-mail/,
    );
  });
});
