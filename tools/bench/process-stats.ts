import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

let ticksPerSecond: number | undefined;

/**
 * utime + stime from /proc/<pid>/stat: the CPU a server spent, whatever the clock did.
 * Fields 14 and 15, counted after the command name, which may itself hold spaces.
 */
export function parseCpuTicks(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // After ")" the fields start at number 3 (state), so utime (14) and stime (15) are at 11 and 12.
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  if (!Number.isFinite(utime) || !Number.isFinite(stime)) throw new Error(`Unreadable /proc stat line: ${stat}`);
  return utime + stime;
}

/** CPU seconds a process has used so far (Linux only: the benchmark's figures are per CPU-second). */
export function cpuSeconds(pid: number): number {
  ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  return parseCpuTicks(readFileSync(`/proc/${pid}/stat`, 'utf8')) / ticksPerSecond;
}

/** Samples a process's RSS every `everyMs` until stopped; returns the samples (MiB). */
export function sampleRss(pid: number, read: (pid: number) => number, everyMs = 100): () => number[] {
  const samples = [read(pid)];
  const timer = setInterval(() => {
    try {
      samples.push(read(pid));
    } catch {
      // The process ended; the caller finds out from its exit.
    }
  }, everyMs);
  return () => {
    clearInterval(timer);
    return samples;
  };
}
