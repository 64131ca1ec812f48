import fp from 'fastify-plugin';
import type { AnyRouter } from '@trpc/server';
import { AppError } from '../../shared/errors.ts';
import { buildOpenApiDocument, OPENAPI_PATH } from '../openapi/openapi-document.ts';
import { authHeadersOf, createInnerContext, type AppServices } from '../trpc/context.ts';

/**
 * Serves the OpenAPI document of the router (src/server/openapi/) at /openapi.json to
 * holders of a valid credential, read as any call reads it (an API key or a session
 * cookie); anyone else gets the catalogue's 401 UNAUTHENTICATED. The document is
 * built on the first request and kept: the router does not change while the process runs.
 */
export const openApiPlugin = fp<{ services: AppServices; router: AnyRouter }>(
  async (app, { services, router }) => {
    let document: string | undefined;
    app.get(OPENAPI_PATH, async (req, reply) => {
      const context = createInnerContext(services, req.id, req.log, { headers: authHeadersOf(req) });
      if ((await context.credentials()).kind !== 'valid') throw new AppError('UNAUTHENTICATED');
      document ??= JSON.stringify(buildOpenApiDocument(router));
      return reply
        .header('content-type', 'application/json')
        .header('cache-control', 'private, no-cache')
        .send(document);
    });
  },
  { name: 'openapi', dependencies: ['db'] },
);
