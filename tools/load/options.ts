import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { appRoot } from '../../src/server/paths.ts';

export interface LoadOptions {
  /** Seconds each phase runs. */
  duration: number;
  /** Seconds the server idles after the load before its memory is read again. */
  idle: number;
  /** Concurrent connections autocannon keeps open. */
  connections: number;
  /** The app folder to run (package.json, dist/, production node_modules); this checkout by default. */
  app: string;
  /** The node binary to run it with: another major is proved under load before the image moves to it. */
  node: string;
}

const USAGE =
  'Usage: npm run load -- [--duration 20] [--idle 60] [--connections 32] [--app <folder>] [--node <bin/node>]';

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
      app: { type: 'string', default: appRoot },
      node: { type: 'string', default: process.execPath },
    },
  });
  return {
    duration: positive('duration', values.duration, 1),
    idle: positive('idle', values.idle, 0),
    connections: positive('connections', values.connections, 1),
    app: resolve(values.app),
    node: resolve(values.node),
  };
}
