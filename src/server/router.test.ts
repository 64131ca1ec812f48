import { beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue } from '../shared/errors.ts';
import { can, type Permission } from '../shared/permissions.ts';
import { mutate, query, signUpVerified } from './test/http-client.ts';
import { buildTestApp } from './test/test-app.ts';
import { appRouter } from './router.ts';
import { listProcedures } from './trpc/procedure-list.ts';

const procedures = listProcedures(appRouter);

describe('the app router', () => {
  it('has procedures', () => {
    expect(procedures.map(({ path }) => path)).toContain('system.health');
  });

  it.each(procedures)('$path declares its access rule', ({ meta }) => {
    expect(meta.access).toBeDefined();
  });

  it.each(procedures)('$path declares a summary and the catalogue errors it may raise', ({ meta }) => {
    expect(meta.summary?.trim()).toBeTruthy();
    expect(meta.errors).toBeInstanceOf(Array);
    for (const code of meta.errors ?? []) expect(Object.keys(errorCatalogue)).toContain(code);
    expect(typeof meta.placeholder).toBe('boolean');
  });
});

describe('deny by default, over HTTP', () => {
  // MAILBOX=admins: in tests it defaults to open (as in development); here it is as in production.
  // One app for every case: a refusal changes nothing, and an app per procedure would hold a
  // database pool each until the file ends (PostgreSQL runs out of connections with a spec's routers).
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  let memberCookie = '';
  beforeAll(async () => {
    app = await buildTestApp({ MAILBOX: 'admins' });
    memberCookie = await signUpVerified(app, 'member@example.com');
  });
  const guarded = procedures.filter(({ meta }) => meta.access !== 'public');

  it('guards most of the router', () => {
    expect(guarded.length).toBeGreaterThan(5);
  });

  it.each(guarded)('$path refuses a caller without credentials before doing anything', async ({ path, type }) => {
    if (type === 'subscription') {
      // A stream's refusal is its one event (server-sent events answer 200 before the procedure runs).
      const stream = await app.inject({ url: `/trpc/${path}` });
      expect(stream.statusCode).toBe(200);
      expect(stream.body).toContain('event: serialized-error');
      expect(stream.body).toContain('"appCode":"UNAUTHENTICATED"');
      return;
    }
    const result = type === 'query' ? await query(app, path) : await mutate(app, path, {});
    expect([result.status, result.appCode]).toEqual([401, 'UNAUTHENTICATED']);
  });

  it.each(guarded.filter(({ meta }) => typeof meta.access === 'object'))(
    '$path refuses a signed-in member whose role lacks its permission',
    async ({ path, type, meta }) => {
      const permission = (meta.access as { permission: Permission }).permission;
      if (can({ role: 'member' }, permission)) return;
      const cookie = memberCookie;
      const result =
        type === 'query' ? await query(app, path, undefined, { cookie }) : await mutate(app, path, {}, { cookie });
      expect([result.status, result.appCode]).toEqual([403, 'FORBIDDEN']);
    },
  );
});
