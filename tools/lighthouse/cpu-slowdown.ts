/**
 * The CPU slowdown that makes this host emulate Lighthouse's mid-tier phone, from the
 * benchmarkIndex Lighthouse measured on it. Lighthouse's default 4x assumes a high-end
 * desktop host; its docs (docs/throttling.md, "Calibrating the CPU slowdown") ask for
 * the multiplier to be derived from the host's benchmarkIndex, with the calculator
 * linked there (patrickhulce's lighthouse-cpu-throttling-calculator), whose mid-tier
 * mobile line this follows:
 *   index ≥ 1300: 3 + (index − 1300) / 233   (a high-end desktop lands near 4x)
 *   index ≥ 800:  2 + (index − 800) / 500
 *   index ≥ 150:  1 + (index − 150) / 650
 *   below 150:    1 (the host is no faster than that phone: no slowdown)
 * The calculator's data end at 2000 (6x). Past it, its straight line would emulate an
 * ever slower phone as the host gets faster (index ÷ multiplier falls from 333 towards
 * 233), so there the phone stays the one it emulates at 2000: index × 6 / 2000.
 * Rounded to a tenth. Network throttling is not touched: it stays Lighthouse's absolute
 * slow-4G default whatever the host.
 */
export function cpuSlowdownFor(benchmarkIndex: number): number {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0) {
    throw new Error(`benchmarkIndex must be a positive number, not ${benchmarkIndex}`);
  }
  const multiplier =
    benchmarkIndex > LAST_CALIBRATED_INDEX
      ? (benchmarkIndex * 6) / LAST_CALIBRATED_INDEX
      : benchmarkIndex >= 1300
        ? 3 + (benchmarkIndex - 1300) / 233
        : benchmarkIndex >= 800
          ? 2 + (benchmarkIndex - 800) / 500
          : benchmarkIndex >= 150
            ? 1 + (benchmarkIndex - 150) / 650
            : 1;
  return Math.round(multiplier * 10) / 10;
}

/** The calculator's last data point: a host of benchmarkIndex 2000 needs 6x. */
const LAST_CALIBRATED_INDEX = 2000;
