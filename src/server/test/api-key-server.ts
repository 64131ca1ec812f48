import type { AddressInfo } from 'node:net';
import type { Permission } from '../../shared/permissions.ts';
import { mutate, query, signUpVerified } from './http-client.ts';
import { buildTestApp } from './test-app.ts';

/** The first admin of the live server below, who makes the API key. */
export const ADMIN_EMAIL = 'root@example.com';
/** The person the examples look up and promote (docs/api.md). */
export const ADA = { name: 'Ada', email: 'ada@example.com' };

/**
 * A live server on a loopback port, as callers outside TypeScript reach it: its first
 * admin, a member named Ada, and an API key of the admin's scoped to `permissions`.
 * Closed after the test file.
 */
export async function liveServerWithKey(permissions: Permission[]) {
  const app = await buildTestApp({ FIRST_ADMIN_EMAIL: ADMIN_EMAIL });
  const adminCookie = await signUpVerified(app, ADMIN_EMAIL);
  await signUpVerified(app, ADA.email, ADA.name);
  const ada = (await query(app, 'admin.users.list', { search: ADA.email }, { cookie: adminCookie })).data as {
    items: { id: string }[];
  };
  const created = await mutate(
    app,
    'admin.apiKeys.create',
    { name: 'plain HTTP', permissions, expiresInDays: 1 },
    { cookie: adminCookie },
  );
  await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    app,
    url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    key: (created.data as { key: string }).key,
    adminCookie,
    adaId: ada.items[0]?.id ?? '',
  };
}
