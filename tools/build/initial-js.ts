import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { parseSync } from 'vite';

/**
 * The most initial JS may weigh, gzip: 125 KiB, where 1 KiB = 1024 bytes
 * (docs/decisions/0027-initial-js-budget.md). The build checks it.
 */
export const INITIAL_JS_GZIP_BUDGET = 125 * 1024;

/** The JS a browser fetches before the first screen can paint, and what it weighs. */
export interface InitialJs {
  /** Paths relative to the client folder, `/`-separated, in the order they were found (entry first). */
  files: string[];
  /** Uncompressed bytes, all files. */
  bytes: number;
  /** Sum of each file gzipped alone at level 9, as sent to a browser that accepts gzip. */
  gzip: number;
  /** Sum of each file brotli-compressed alone at quality 11, as the server sends it precompressed. */
  brotli: number;
}

/**
 * Measures the initial JS of a built client folder (`dist/client`): the scripts and
 * `modulepreload` links of its index.html, and every file those import statically,
 * transitively. Dynamic `import()` targets (lazy screens) are not initial and are
 * not counted, unless a static import or a preload link reaches them too.
 * Reads files only; throws when one it needs is missing or outside the folder.
 *
 * Stable API: the benchmark scripts import it.
 */
export function measureInitialJs(clientDir: string): InitialJs {
  const html = readFileSync(join(clientDir, 'index.html'), 'utf8');
  const queue = htmlScriptUrls(html).map((url) => fromRoot(url, 'index.html'));
  const files: string[] = [];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    if (files.includes(file)) continue;
    files.push(file);
    const code = readFileSync(join(clientDir, file), 'utf8');
    for (const specifier of staticImports(code, file)) queue.push(fromImporter(specifier, file));
  }

  let bytes = 0;
  let gzip = 0;
  let brotli = 0;
  for (const file of files) {
    const content = readFileSync(join(clientDir, file));
    bytes += content.length;
    gzip += gzipSync(content, { level: 9 }).length;
    brotli += brotliCompressSync(content, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
    }).length;
  }
  return { files, bytes, gzip, brotli };
}

/** The `src` of every `<script>` and the `href` of every `rel="modulepreload"` link, in document order. */
function htmlScriptUrls(html: string): string[] {
  const urls: string[] = [];
  for (const [tag, name] of html.matchAll(/<(script|link)\b[^>]*>/gi)) {
    const attributes = tagAttributes(tag);
    if (name?.toLowerCase() === 'script') {
      // An inline script is part of the HTML, not a file to fetch.
      if (attributes.src) urls.push(attributes.src);
    } else if (attributes.rel?.toLowerCase().split(/\s+/).includes('modulepreload') && attributes.href) {
      urls.push(attributes.href);
    }
  }
  return urls;
}

function tagAttributes(tag: string): Partial<Record<string, string>> {
  const attributes: Partial<Record<string, string>> = {};
  for (const match of tag.matchAll(/\s([\w-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
    const [, name = '', double, single, bare] = match;
    attributes[name.toLowerCase()] = double ?? single ?? bare ?? '';
  }
  return attributes;
}

/** Specifiers of `import … from`, `import '…'` and `export … from`: what loads before the module runs. */
function staticImports(code: string, file: string): string[] {
  const { module, errors } = parseSync(file, code, { lang: 'js', sourceType: 'module' });
  // A chunk that does not parse would be counted without its imports: too small a number.
  if (errors.length > 0) throw new Error(`${file} does not parse: ${errors.map((error) => error.message).join('; ')}`);
  return [
    ...module.staticImports.map((statement) => statement.moduleRequest.value),
    ...module.staticExports.flatMap((statement) =>
      statement.entries.flatMap((entry) => (entry.moduleRequest ? [entry.moduleRequest.value] : [])),
    ),
  ];
}

/** A URL of index.html as a path in the folder: the site serves the folder at `/`. */
function fromRoot(url: string, referrer: string): string {
  if (/^[a-z][a-z\d+.-]*:|^\/\//i.test(url)) {
    throw new Error(`${referrer} loads ${url} from elsewhere: initial JS can only be measured in the build folder`);
  }
  return inFolder(url.startsWith('/') ? url.slice(1) : url, referrer, url);
}

/** A chunk's import specifier as a path in the folder: relative to the importing file, or root-relative. */
function fromImporter(specifier: string, importer: string): string {
  if (specifier.startsWith('/')) return fromRoot(specifier, importer);
  if (!specifier.startsWith('./') && !specifier.startsWith('../')) {
    throw new Error(`${importer} imports "${specifier}", which no browser can resolve without an import map`);
  }
  return inFolder(posix.join(posix.dirname(importer), specifier), importer, specifier);
}

function inFolder(path: string, referrer: string, url: string): string {
  const normalized = posix.normalize(path.replace(/[?#].*$/, ''));
  if (normalized.startsWith('../')) throw new Error(`${referrer} loads ${url}, outside the build folder`);
  return normalized;
}
