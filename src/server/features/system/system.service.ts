import { product } from '../../../shared/product.ts';
import type { Health, SystemInfo } from '../../../shared/schemas/system.schema.ts';
import { databaseEngine } from '../../db/client.ts';
import type { AppServices } from '../../trpc/context.ts';

/** One database round trip, timed. A failure is reported, not thrown: health is a report. */
export async function checkHealth(
  { db }: Pick<AppServices, 'db'>,
  log?: { warn: (o: object, m: string) => void },
): Promise<Health> {
  const started = performance.now();
  let up = true;
  try {
    await db.$queryRaw`SELECT 1`;
  } catch (error) {
    up = false;
    log?.warn({ err: error }, 'health check: database unreachable');
  }
  const latencyMs = Math.round((performance.now() - started) * 100) / 100;
  return {
    status: up ? 'ok' : 'degraded',
    database: { status: up ? 'up' : 'down', latencyMs },
    checkedAt: new Date(),
  };
}

/**
 * What the status page shows. `withBuild` is the caller's permission to see build
 * details (version, commit, database engine and version); without it they are not
 * even read, so they cannot leak into the answer.
 */
export async function describeSystem(
  { db, buildInfo, startedAt }: Pick<AppServices, 'db' | 'buildInfo' | 'startedAt'>,
  withBuild: boolean,
): Promise<SystemInfo> {
  return {
    name: product.name,
    description: product.description,
    audience: product.audience,
    startedAt,
    uptimeSeconds: Math.floor((Date.now() - startedAt.getTime()) / 1000),
    build: withBuild
      ? { version: buildInfo.version, commit: buildInfo.commit, database: await databaseEngine(db) }
      : null,
  };
}

export async function countAccounts({ db }: Pick<AppServices, 'db'>) {
  const [users, activeSessions, apiKeys] = await Promise.all([
    db.user.count(),
    db.session.count({ where: { expiresAt: { gt: new Date() } } }),
    db.apikey.count(),
  ]);
  return { users, activeSessions, apiKeys };
}
