import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';
import { publicUrl, type Config } from '../config.ts';

type Directives = Record<string, string[]>;

/**
 * The production policy: the built client loads only its own files (no inline
 * script, no eval) and talks only to its own origin. docs/decisions/0013-browser-security.md.
 */
function productionDirectives(tls: boolean): Directives {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'"],
    // The mailbox shows e-mail HTML in a sandboxed srcdoc iframe, which inherits this
    // policy; e-mail HTML styles with attributes. A style attribute cannot run script,
    // and what it could load is still bound by img-src and font-src.
    'style-src-attr': ["'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    // Over plain http (local runs) this would send the browser to an https port nobody serves.
    ...(tls ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * Development only: Vite injects inline preamble scripts (React refresh), adds CSS
 * as <style> elements from JavaScript, and pushes updates over a websocket on this
 * origin. The rest of the policy stays, so a page that needs a foreign source
 * fails in development too, not first in production.
 */
function developmentDirectives(): Directives {
  const directives = productionDirectives(false);
  return {
    ...directives,
    'script-src': ["'self'", "'unsafe-inline'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'connect-src': ["'self'", 'ws:', 'wss:'],
  };
}

/**
 * Security headers on every response (the shell, assets, /trpc, 404s, errors):
 * helmet sets them on the raw response in the first onRequest hook, so whatever
 * answers afterwards, Fastify or Vite's middleware, sends them. Only Fastify's
 * answer to a malformed URL comes before any hook (docs/decisions/0013-browser-security.md).
 */
export const securityHeadersPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const tls = publicUrl(config).protocol === 'https:';
    const hsts = tls && config.HSTS_MAX_AGE_SECONDS > 0;
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: config.NODE_ENV === 'development' ? developmentDirectives() : productionDirectives(tls),
      },
      // Other sites get our origin at most, never a path with a token. Not no-referrer:
      // under it browsers send `Origin: null` on our own POSTs, which plugins/trpc.ts refuses.
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      // Decided by the public URL, not the request: TLS usually ends at a proxy.
      strictTransportSecurity: hsts ? { maxAge: config.HSTS_MAX_AGE_SECONDS, includeSubDomains: true } : false,
      xFrameOptions: { action: 'deny' },
    });
  },
  { name: 'security-headers' },
);
