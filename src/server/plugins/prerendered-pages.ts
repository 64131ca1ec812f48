import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Where the client build keeps, per route, the markup of its first screen, rendered at build
 * time (tools/build/prerender.ts). A dot folder, as Vite's own manifest: not served.
 */
export const PRERENDERED_FILE = '.vite/prerendered.json';

/**
 * One prerendered page: the markup that goes inside `<div id="root">` while it is not yet
 * known who is signed in (a visitor with a session cookie), the markup for a visitor known
 * to be signed out (none), and the page's title.
 */
export interface PrerenderedPage {
  markup: string;
  signedOutMarkup: string;
  title: string;
}

/** Route (`/sign-in`) → its prerendered page. */
export type PrerenderedPages = Record<string, PrerenderedPage>;

/** The build's table, or an empty one for a build without it (every page then starts empty). */
export function readPrerenderedPages(distDir: string): PrerenderedPages {
  const file = join(distDir, PRERENDERED_FILE);
  if (!existsSync(file)) return {};
  return JSON.parse(readFileSync(file, 'utf8')) as PrerenderedPages;
}

const EMPTY_ROOT = '<div id="root"></div>';

const STYLESHEET = /<link rel="stylesheet"[^>]*? href="(\/assets\/[^"]+\.css)"[^>]*>/g;

const TITLE = /<title>[^<]*<\/title>/;

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The shell with the page's markup inside its root element (the signed-out one when
 * `signedOut`), which the client then hydrates (main.tsx), and the page's own title, which a screen reader announces before any script has
 * run. What the first paint needs comes with the page: the build's stylesheets, inline
 * (`readAsset` reads one by its URL; about 11 KiB compressed, one round trip fewer before the
 * first paint). The scripts are not needed for it, so they are fetched at low priority.
 */
export function withPrerenderedMarkup(
  html: string,
  page: PrerenderedPage,
  readAsset: (url: string) => string,
  { signedOut }: { signedOut: boolean },
): string {
  if (!html.includes(EMPTY_ROOT)) throw new Error(`The HTML shell has no ${EMPTY_ROOT} to put a prerendered page in`);
  if (!TITLE.test(html)) throw new Error('The HTML shell has no <title> to name a prerendered page in');
  // `data-signed-out` tells the client which of the two it hydrates (main.tsx).
  const root = signedOut
    ? `<div id="root" data-signed-out="">${page.signedOutMarkup}</div>`
    : `<div id="root">${page.markup}</div>`;
  return html
    .replace(TITLE, () => `<title>${escapeText(page.title)}</title>`)
    .replace(EMPTY_ROOT, () => root)
    .replace(STYLESHEET, (_link, url: string) => {
      const css = readAsset(url);
      if (/<\/style/i.test(css)) throw new Error(`${url} cannot be inlined: it contains </style`);
      return `<style>${css}</style>`;
    })
    .replaceAll('<script type="module" ', '<script type="module" fetchpriority="low" ');
}
