/**
 * The signed-in peer: the stock stack's answer to "who is calling", one
 * procedure returning `auth.api.getSession`'s user (stock-auth.ts). The app's signed-in
 * cases are measured against it, on SQLite or on PostgreSQL as DATABASE_URL says.
 */
import { createStockAuth, createStockTrpc, databaseUrl, getUser, listenStock } from './stock-auth.ts';

const { auth, close } = await createStockAuth(databaseUrl(), process.env.PUBLIC_URL ?? 'http://127.0.0.1', {
  schema: 'library',
});
const t = createStockTrpc();
const router = t.router({
  viewer: t.procedure.query(({ ctx }) => getUser(auth, ctx.headers)),
});
await listenStock(auth, router, close);
