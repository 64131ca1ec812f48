import { describe, expect, it } from 'vitest';
import { matchRoute, withModulePreloads } from './route-preloads.ts';

const patterns = ['/sign-in', '/mailbox', '/mailbox/templates', '/mailbox/:id'];

describe('matchRoute', () => {
  it('finds the route an address opens, without its query or trailing slash', () => {
    expect(matchRoute(patterns, '/sign-in')).toBe('/sign-in');
    expect(matchRoute(patterns, '/sign-in?redirect=%2Faccount')).toBe('/sign-in');
    expect(matchRoute(patterns, '/sign-in/')).toBe('/sign-in');
  });

  it('prefers a path without `:name` segments, as the client router does', () => {
    expect(matchRoute(patterns, '/mailbox/templates')).toBe('/mailbox/templates');
    expect(matchRoute(patterns, '/mailbox/42')).toBe('/mailbox/:id');
  });

  it('finds nothing for an address no route names', () => {
    expect(matchRoute(patterns, '/mailbox/42/more')).toBeUndefined();
    expect(matchRoute(patterns, '/nowhere')).toBeUndefined();
    expect(matchRoute(patterns, '/')).toBeUndefined();
  });
});

describe('withModulePreloads', () => {
  const shell = '<html><head><title>shell</title></head><body></body></html>';

  it('names each chunk as a low-priority module preload in the head', () => {
    const html = withModulePreloads(shell, ['/assets/a-1.js', '/assets/b-2.js']);
    const head = html.slice(0, html.indexOf('</head>'));
    for (const url of ['/assets/a-1.js', '/assets/b-2.js']) {
      expect(head).toContain(`<link rel="modulepreload" crossorigin fetchpriority="low" href="${url}">`);
    }
  });

  it('leaves the shell as it is without chunks', () => {
    expect(withModulePreloads(shell, [])).toBe(shell);
  });

  it('refuses a shell without a head, rather than drop the preloads unseen', () => {
    expect(() => withModulePreloads('<title>x</title>', ['/assets/a-1.js'])).toThrow(/<\/head>/);
  });
});
