import fp from 'fastify-plugin';
import { createBackgroundWork, type BackgroundWork } from '../background-work.ts';

declare module 'fastify' {
  interface FastifyInstance {
    backgroundWork: BackgroundWork;
  }
}

/**
 * Work requests hand on (background-work.ts). Registered after the database and
 * e-mail, so on close it is waited for before the e-mail dispatcher stops and the
 * database closes (onClose hooks of one level run last-registered first).
 */
export const backgroundWorkPlugin = fp(
  async (app) => {
    const work = createBackgroundWork();
    app.decorate('backgroundWork', work);
    app.addHook('onClose', async () => {
      await work.settled();
    });
  },
  { name: 'background-work', dependencies: ['db', 'email'] },
);
