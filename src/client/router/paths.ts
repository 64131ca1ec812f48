/**
 * Paths of the route table and the addresses links point at: pure functions, shared
 * by the router and its tests. A path is `/a/b` or has `:name` segments (`/mailbox/:id`).
 */

/** The `:name` segments of a path, as a union of names. */
export type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

export interface PathMatch<P extends string = string> {
  path: P;
  params: Record<string, string>;
}

function segmentsOf(path: string): string[] {
  return path.split('/').filter(Boolean);
}

/** Whether `pathname` fits `path`, and its `:name` values (decoded). A trailing slash is the same address. */
export function matchOne<P extends string>(path: P, pathname: string): PathMatch<P> | undefined {
  const expected = segmentsOf(path);
  const actual = segmentsOf(pathname);
  if (expected.length !== actual.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, segment] of expected.entries()) {
    const value = actual[index] ?? '';
    if (segment.startsWith(':')) {
      try {
        params[segment.slice(1)] = decodeURIComponent(value);
      } catch {
        return undefined;
      }
    } else if (segment !== value) return undefined;
  }
  return { path, params };
}

/**
 * The route a pathname opens: a path without `:name` segments wins over one with them
 * (`/mailbox/templates` is never read as a message id), else the table's order.
 */
export function matchPath<P extends string>(paths: readonly P[], pathname: string): PathMatch<P> | undefined {
  const isStatic = (path: string) => !path.includes(':');
  const ordered = [...paths.filter(isStatic), ...paths.filter((path) => !isStatic(path))];
  for (const path of ordered) {
    const match = matchOne(path, pathname);
    if (match) return match;
  }
  return undefined;
}

/** The address of a path with its `:name` values and search values (undefined ones left out). */
export function hrefOf(path: string, params: Record<string, string> = {}, search: object = {}): string {
  const pathname = path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`No value for :${name} in ${path}.`);
    return encodeURIComponent(value);
  });
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value !== undefined && value !== null) query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `${pathname}?${text}` : pathname;
}

export interface ActiveOptions {
  /** Only this very path; otherwise the path and every path below it. `/` is always exact. */
  exact?: boolean;
  /** The link's search values must be in the address too (default). */
  includeSearch?: boolean;
}

/** Whether a link to `href` is the current page, by the rules of `options`. */
export function isActive(href: string, current: { pathname: string; search: string }, options: ActiveOptions = {}) {
  const url = new URL(href, 'http://link.invalid');
  const linkPath = url.pathname.replace(/\/$/, '') || '/';
  const pathname = current.pathname.replace(/\/$/, '') || '/';
  const exact = options.exact ?? false;
  const pathActive =
    exact || linkPath === '/' ? pathname === linkPath : pathname === linkPath || pathname.startsWith(`${linkPath}/`);
  if (!pathActive || options.includeSearch === false) return pathActive;
  const currentSearch = new URLSearchParams(current.search);
  return [...url.searchParams].every(([key, value]) => currentSearch.get(key) === value);
}
