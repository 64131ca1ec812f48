import { describe, expect, it } from 'vitest';
import { product } from '../../shared/product.ts';
import { buildTestApp } from '../test/test-app.ts';

// `npm run dev`: one process and one origin serve the client through Vite (with
// hot module replacement) and the procedures under /trpc.
// Vite scans and bundles the client's dependencies first: slow beside other test files.
describe('development server (Vite in middleware mode)', { timeout: 60_000 }, () => {
  it('serves the transformed HTML shell, client modules and tRPC from the same app', async () => {
    const app = await buildTestApp({ NODE_ENV: 'development' }, { client: 'vite' });

    const shell = await app.inject({ url: '/status', headers: { accept: 'text/html' } });
    expect(shell.statusCode).toBe(200);
    expect(shell.headers['content-type']).toMatch(/text\/html/);
    expect(shell.body).toContain('/@vite/client');
    expect(shell.body).toContain(`<title>${product.name}</title>`);

    const module = await app.inject('/src/client/main.tsx');
    expect(module.statusCode).toBe(200);
    expect(module.headers['content-type']).toMatch(/javascript/);
    expect(module.body).toContain('createRoot');

    const hmrClient = await app.inject('/@vite/client');
    expect(hmrClient.statusCode).toBe(200);

    expect((await app.inject('/trpc/system.health')).statusCode).toBe(200);
    expect((await app.inject('/trpc/nope')).statusCode).toBe(404);
  });
});
