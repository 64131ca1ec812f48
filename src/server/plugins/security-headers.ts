import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import fp from 'fastify-plugin';
import { themeScript } from '../../shared/theme-script.ts';
import { publicUrl, type Config } from '../config.ts';

type Directives = Record<string, string[]>;

/** The CSP source that allows the one inline script, the theme script, and nothing else inline. */
export const themeScriptSource = `'sha256-${createHash('sha256').update(themeScript).digest('base64')}'`;

/**
 * The production policy: the built client loads only its own files (no eval, and no
 * inline script but the theme script, by its hash) and talks only to its own origin.
 * docs/decisions/0013-browser-security.md.
 */
function productionDirectives(tls: boolean): Directives {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", themeScriptSource],
    'script-src-attr': ["'none'"],
    // The kit's Radix dialogs (scroll lock) and sonner's toasts add <style> elements at
    // run time, with content no hash can name. CSS cannot run script; what it could load
    // is still bound by img-src and font-src (docs/decisions/0025-component-kit.md).
    'style-src': ["'self'", "'unsafe-inline'"],
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
/**
 * The headers helmet sets, computed once: with these options (no CSP nonces) they are the
 * same for every request. @fastify/helmet rebuilt helmet's middleware on every request,
 * 8% of a no-database call's CPU in a profile (docs/decisions/0017-performance.md).
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      // X-Powered-By: Fastify never sets it.
      Reflect.deleteProperty(headers, name.toLowerCase());
    },
  };
  // helmet's middleware is synchronous and never fails with valid options; a version that
  // stops being so fails here, at start, rather than per request.
  const finished = { yes: false };
  const request = Object.create(null) as IncomingMessage;
  helmet(options)(request, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error !== undefined) throw error instanceof Error ? error : new Error('helmet refused its options');
    finished.yes = true;
  });
  if (!finished.yes) throw new Error('helmet did not finish synchronously: security headers unknown.');
  return headers;
}

export const securityHeadersPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const tls = publicUrl(config).protocol === 'https:';
    const hsts = tls && config.HSTS_MAX_AGE_SECONDS > 0;
    const headers = helmetHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: config.NODE_ENV === 'development' ? developmentDirectives() : productionDirectives(tls),
      },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: hsts ? { maxAge: config.HSTS_MAX_AGE_SECONDS, includeSubDomains: true } : false,
      xFrameOptions: { action: 'deny' },
    });
    app.addHook('onRequest', (_req, reply, done) => {
      void reply.headers(headers);
      done();
    });
  },
  { name: 'security-headers' },
);
