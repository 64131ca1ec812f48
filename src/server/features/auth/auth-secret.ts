import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Config } from '../../config.ts';
import { engineOf } from '../../db/engines.ts';
import { sqliteFileFromUrl } from '../../db/sqlite-url.ts';

/**
 * Where the generated secret is kept: beside the SQLite file. null for an in-memory
 * database, whose secret lives as long as the process, and for PostgreSQL, where
 * production requires AUTH_SECRET (config.ts) because instances share no folder.
 */
export function authSecretFile(config: Config): string | null {
  if (engineOf(config.DATABASE_URL) !== 'sqlite') return null;
  const database = sqliteFileFromUrl(config.DATABASE_URL);
  return database === ':memory:' ? null : join(dirname(database), '.auth-secret');
}

/**
 * The secret that signs session cookies: AUTH_SECRET when set, else one generated
 * on first start and kept beside the SQLite file, so `npm start` needs no set-up
 * and restarts keep everyone signed in. Several instances must share AUTH_SECRET.
 */
export function resolveAuthSecret(config: Config): string {
  if (config.AUTH_SECRET) return config.AUTH_SECRET;
  const file = authSecretFile(config);
  if (!file) return randomBytes(32).toString('base64url');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  return secret;
}
