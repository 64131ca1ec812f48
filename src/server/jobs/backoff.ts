/**
 * The wait before attempt `attempt + 1` after attempt `attempt` failed: doubling
 * from the base, capped, with "equal jitter" (half fixed, half random) so many
 * jobs failing together do not retry together.
 */
export function retryDelay(attempt: number, baseMs: number, maxMs: number, random: () => number = Math.random) {
  const exponential = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exponential / 2 + (random() * exponential) / 2);
}
