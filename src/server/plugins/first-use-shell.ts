import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The client module a signed-out prerendered page runs instead of the app (docs/decisions/0045-app-on-first-use.md). */
export const FIRST_USE_ENTRY = 'src/client/first-use/entry.ts';

/** Vite's manifest of the client build (build.manifest), in the dot folder the static plugin does not serve. */
export const MANIFEST_FILE = '.vite/manifest.json';

/** The URL the build gave the first-use entry, or undefined for a build without one (the page then loads the app at once). */
export function readFirstUseEntry(distDir: string): string | undefined {
  const file = join(distDir, MANIFEST_FILE);
  if (!existsSync(file)) return undefined;
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, { file?: string } | undefined>;
  const built = manifest[FIRST_USE_ENTRY]?.file;
  return built ? `/${built}` : undefined;
}

/**
 * The `<template>` that names the app to the first-use entry (`data-app`, imported at the
 * first use) and holds the links it adds once the page has loaded (src/client/first-use/entry.ts).
 */
export const APP_CODE_TEMPLATE_ID = 'app-code';

/**
 * The page with the first-use entry as its script instead of the app's: the app then loads
 * at the page's first use, not with the page. The app's first chunk and `chunks` (the
 * route's screen) are named as prefetches inside an inert `<template>`: the entry adds them
 * once the page has loaded, so that the first use finds the code in the cache without the
 * page fetching it before its first paint.
 */
export function withFirstUseEntry(html: string, entryUrl: string, chunks: readonly string[]): string {
  const script = /(<script type="module"[^>]*\ssrc=")([^"]+)(")/;
  const app = script.exec(html)?.[2];
  if (!app) throw new Error('The HTML shell has no module script to replace with the first-use entry');
  if (!html.includes('</body>')) throw new Error('The HTML shell has no </body> to put the app code template before');
  const prefetches = [app, ...chunks]
    .map((url) => `<link rel="prefetch" as="script" crossorigin href="${url}">`)
    .join('');
  return html
    .replace(script, `$1${entryUrl}$3`)
    .replace('</body>', `<template id="${APP_CODE_TEMPLATE_ID}" data-app="${app}">${prefetches}</template></body>`);
}
