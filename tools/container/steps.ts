/** A failure the replay explains itself: printed as its message alone, without a stack. */
export class VerifyError extends Error {}

const timings: { step: string; seconds: number }[] = [];

/** Runs one named step of the replay, printing its start, its outcome and its duration. */
export async function step<T>(name: string, action: () => Promise<T> | T): Promise<T> {
  console.log(`\n==> ${name}`);
  const started = performance.now();
  let outcome = 'failed';
  try {
    const result = await action();
    outcome = 'done';
    return result;
  } finally {
    const seconds = (performance.now() - started) / 1000;
    timings.push({ step: name, seconds });
    console.log(`<== ${name}: ${outcome} in ${seconds.toFixed(1)} s`);
  }
}

/** The duration of every step so far, also after a failure, to show where the time went. */
export function printTimings(): void {
  console.log('\nTimings:');
  for (const { step: name, seconds } of timings) console.log(`  ${seconds.toFixed(1).padStart(7)} s  ${name}`);
}

/** Something the replay survives but the reader should know. */
export function warn(message: string): void {
  console.warn(`WARNING: ${message}`);
}
