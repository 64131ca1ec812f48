/**
 * The benchmark's baseline: a plain Fastify route answering the same small JSON as the
 * app's no-database query (auth.viewer, signed out), with nothing else registered. Every
 * ratio in the report divides by this server's requests per CPU-second.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/raw', async () => ({ result: { data: { json: null } } }));
app.get('/readyz', async () => ({ status: 'ready' }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.once('SIGTERM', () => {
  void app.close();
});
