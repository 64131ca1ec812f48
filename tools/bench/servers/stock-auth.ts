/**
 * What the stock peers share: Fastify 5, tRPC 11 through its own `fastifyTRPCPlugin`, and
 * better-auth (the app's version) as its documentation sets it up: on SQLite its built-in
 * dialect over a better-sqlite3 handle, on PostgreSQL (DATABASE_URL `postgresql://…`) its
 * built-in Kysely postgres dialect over a `pg` Pool (pg's default pool of 10, as the app's
 * DATABASE_POOL_SIZE); the tables made by its own `getMigrations`, default session settings
 * (no cookie cache), e-mail and password on, its rate limit off (the benchmark's load
 * would reach it). The peers are the yardstick the app's signed-in cases are measured
 * against; they are not the app, and nothing of the app's is here but, for the
 * write peer, the database schema and Prisma client (its Prisma owns the tables, as in a
 * project whose Prisma models come from better-auth's).
 */
import { initTRPC, TRPCError, type AnyRouter } from '@trpc/server';
import { fastifyTRPCPlugin, type CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import { betterAuth } from 'better-auth';
import { getMigrations } from 'better-auth/db/migration';
import { fromNodeHeaders } from 'better-auth/node';
import Database from 'better-sqlite3';
import Fastify from 'fastify';
import pg from 'pg';

/** The benchmark's user of the peers; its session cookie is handed out by POST /fixture. */
const FIXTURE = { name: 'Stock Peer', email: 'stock-peer@example.com', password: 'stock peer password, long enough' };

/** The peer's database: DATABASE_URL, a `file:` URL (SQLite) or a `postgresql://` one. */
export function databaseUrl(): string {
  return process.env.DATABASE_URL ?? '';
}

export const isPostgresql = (url: string) => /^postgres(?:ql)?:\/\//.test(url);

export function sqliteFile(url = databaseUrl()): string {
  return url.replace(/^file:/, '');
}

/** better-auth's `database`: a better-sqlite3 handle in WAL mode, or a pg Pool; and how to close it. */
function openLibraryDatabase(url: string): { database: Database.Database | pg.Pool; close: () => Promise<void> } {
  if (isPostgresql(url)) {
    const pool = new pg.Pool({ connectionString: url });
    return { database: pool, close: () => pool.end() };
  }
  const database = new Database(sqliteFile(url));
  // As the app runs SQLite (and as most deployments would): readers do not wait for a writer.
  database.pragma('journal_mode = WAL');
  return {
    database,
    close: async () => {
      database.close();
    },
  };
}

/**
 * `schema`: `library`, the library's tables made by its own migration on an empty
 * database; `prisma`, Prisma's tables (`User`, `Session`, …), named to the library with
 * its `modelName` options, as a project does whose Prisma models came from better-auth's.
 */
export async function createStockAuth(url: string, origin: string, { schema }: { schema: 'library' | 'prisma' }) {
  const { database, close } = openLibraryDatabase(url);
  const auth = betterAuth({
    baseURL: origin,
    secret: 'the stock peers of the benchmark, not a secret of anything',
    database,
    emailAndPassword: { enabled: true },
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    ...(schema === 'prisma'
      ? {
          user: { modelName: 'User' },
          session: { modelName: 'Session' },
          account: { modelName: 'Account' },
          verification: { modelName: 'Verification' },
        }
      : {}),
  });
  if (schema === 'library') await (await getMigrations(auth.options)).runMigrations();
  return { auth, close };
}

export type StockAuth = Awaited<ReturnType<typeof createStockAuth>>['auth'];

/** A context per request, as tRPC's documentation for better-auth writes it: the request's headers. */
export function createStockTrpc() {
  return initTRPC.context<{ headers: Headers }>().create();
}

export async function getUser(auth: StockAuth, headers: Headers) {
  const session = await auth.api.getSession({ headers });
  return session?.user ?? null;
}

export async function requireUser(auth: StockAuth, headers: Headers) {
  const user = await getUser(auth, headers);
  if (!user) throw new TRPCError({ code: 'UNAUTHORIZED' });
  return user;
}

/**
 * Listens on PORT with the router at /trpc, /readyz, and POST /fixture: signs the
 * benchmark's user up (or in, on a second call) and answers its session cookie and id.
 */
export async function listenStock(
  auth: StockAuth,
  router: AnyRouter,
  close: () => Promise<void> = async () => undefined,
): Promise<void> {
  const app = Fastify({ logger: false });
  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router,
      createContext: ({ req }: CreateFastifyContextOptions) => ({ headers: fromNodeHeaders(req.headers) }),
    },
  });
  app.get('/readyz', async () => ({ status: 'ready' }));
  app.post('/fixture', async () => {
    const signIn = () => auth.api.signInEmail({ body: FIXTURE, asResponse: true });
    const existing = await signIn();
    const answer = existing.ok ? existing : await auth.api.signUpEmail({ body: FIXTURE, asResponse: true });
    const cookie = answer.headers
      .getSetCookie()
      .find((value) => value.includes('session_token='))
      ?.split(';')[0];
    const { user } = (await answer.json()) as { user: { id: string } };
    return { cookie, userId: user.id };
  });
  await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
  process.once('SIGTERM', () => {
    void app.close().then(close);
  });
}
