import { parseArgs } from 'node:util';

export interface LoadOptions {
  /** Seconds each phase runs. */
  duration: number;
  /** Seconds the server idles after the load before its memory is read again. */
  idle: number;
  /** Concurrent connections autocannon keeps open. */
  connections: number;
}

const USAGE = 'Usage: npm run load -- [--duration 20] [--idle 60] [--connections 32]';

function positive(name: string, value: string | undefined, min: number): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < min) throw new Error(`--${name} must be a whole number ≥ ${min}. ${USAGE}`);
  return number;
}

/** The command line, checked: a typo fails before a server starts. */
export function readLoadOptions(args = process.argv.slice(2)): LoadOptions {
  const { values } = parseArgs({
    args,
    options: {
      duration: { type: 'string', default: '20' },
      idle: { type: 'string', default: '60' },
      connections: { type: 'string', default: '32' },
    },
  });
  return {
    duration: positive('duration', values.duration, 1),
    idle: positive('idle', values.idle, 0),
    connections: positive('connections', values.connections, 1),
  };
}
