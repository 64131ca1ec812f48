import { execFileSync } from 'node:child_process';

/**
 * The NODE_OPTIONS flags a given node accepts, and those it would refuse. The
 * Dockerfile's options are for the image's Node (22): an older node on a developer's
 * machine stops at a flag it does not know ("bad option"), so a load run there drops
 * it and says so rather than failing to start.
 */
export function splitByKnown(options: string, known: ReadonlySet<string>): { kept: string; dropped: string[] } {
  const flags = options.split(/\s+/).filter(Boolean);
  const isKnown = (flag: string) => known.has(flag.split('=')[0] ?? flag);
  return {
    kept: flags.filter(isKnown).join(' '),
    dropped: flags.filter((flag) => !isKnown(flag)),
  };
}

/** `options` without the flags `node` refuses in NODE_OPTIONS; a warning names each dropped one. */
export function nodeOptionsFor(node: string, options: string): string {
  const known = new Set(
    JSON.parse(
      execFileSync(node, ['-p', 'JSON.stringify([...process.allowedNodeEnvironmentFlags])'], {
        encoding: 'utf8',
        env: { PATH: process.env.PATH },
      }),
    ) as string[],
  );
  const { kept, dropped } = splitByKnown(options, known);
  for (const flag of dropped) console.warn(`NODE_OPTIONS: ${node} does not accept ${flag}; running without it.`);
  return kept;
}
