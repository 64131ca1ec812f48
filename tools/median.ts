/**
 * The median of some measurements (the mean of the middle two for an even count): what the
 * bench's cold starts and the Lighthouse spec's runs report, so one slow or fast outlier does
 * not move the figure.
 */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median needs at least one value');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}
