/*
 * What a test file leaves behind (scratch folders, child processes) is cleaned up when that
 * file ends. The suite runs files one after another in the same worker, sharing its modules
 * (vitest.config.ts: `isolate: false`), so a hook registered by a shared helper's top level
 * would run for the first file only: helpers register here instead, and the setup file
 * (setup-file.ts), which runs for every file, empties the list at each file's end.
 */
const pending: (() => unknown)[] = [];

/** Runs `cleanUp` once the current test file has finished, after the file's own hooks. */
export function atFileEnd(cleanUp: () => unknown): void {
  pending.push(cleanUp);
}

/** The setup file's `afterAll`: the latest registered first, so a process stops before its folder goes. */
export async function endFile(): Promise<void> {
  for (const cleanUp of pending.splice(0).reverse()) await cleanUp();
}
