/**
 * How search values stand in the address: plain `?token=abc&page=2`, every value a
 * string, as people and e-mailed links write them. TanStack Router's default would
 * JSON-encode them (`?page=2` read as a number, strings quoted); each route's search
 * reader turns the strings into what its screen takes.
 */
export function parseSearch(text: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(text));
}

/** The `?…` part for search values; undefined and null ones are left out, numbers and booleans written as text. */
export function stringifySearch(search: Record<string, unknown>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined || value === null) continue;
    query.set(key, typeof value === 'string' ? value : JSON.stringify(value));
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}
