/**
 * JSON has no Infinity or NaN, but a literal too large for a double (`1e309`,
 * or 400 digits) is valid JSON that JavaScript reads as ±Infinity. On its way to
 * tRPC the body is serialised again, where Infinity becomes null: an API key asked
 * to expire in 1e309 days was stored as one that never expires. So a
 * parsed body is searched for such numbers, and one found is a validation error.
 */

/**
 * The path (keys and indices) of the first number in a parsed JSON value that is
 * not finite, or undefined when every number is finite. The walk is as deep as
 * the value, which the plugin's depth limit has already bounded.
 */
export function nonFinitePath(value: unknown, path: string[] = []): string[] | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : path;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    path.push(key);
    if (nonFinitePath(item, path)) return path;
    path.pop();
  }
  return undefined;
}

/**
 * The field a body path names, as the input's own validation would name it: tRPC's
 * batch index and superjson's `json` envelope are not part of the input.
 */
export function fieldOfBodyPath(path: readonly string[], isBatch: boolean): string {
  const inCall = isBatch ? path.slice(1) : path;
  return (inCall[0] === 'json' ? inCall.slice(1) : inCall).join('.');
}
