import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, configSchema, loadConfig } from './config.ts';
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

  it('refuses the development mailbox in production', () => {
    expect(() => loadConfig({ DEV_MAILBOX: 'true' })).toThrow(/DEV_MAILBOX must not be true in production/);
    expect(loadConfig({ DEV_MAILBOX: 'true', NODE_ENV: 'test' }).DEV_MAILBOX).toBe(true);
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
  it('documents exactly the variables the server reads', () => {
    const example = readFileSync(join(appRoot, '.env.example'), 'utf8');
    const documented = [...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1]);
    expect(documented.sort()).toEqual(Object.keys(configSchema.shape).sort());
  });
});
