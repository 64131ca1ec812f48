import { describe, expect, it } from 'vitest';
import { nodeOptionsFor, splitByKnown } from './node-options.ts';

describe('NODE_OPTIONS for a given node', () => {
  const known = new Set(['--max-old-space-size', '--max-semi-space-size']);

  it('keeps the flags the node knows, with their values, and names the rest', () => {
    expect(
      splitByKnown('--max-old-space-size=160  --experimental-async-context-frame --max-semi-space-size=2', known),
    ).toEqual({
      kept: '--max-old-space-size=160 --max-semi-space-size=2',
      dropped: ['--experimental-async-context-frame'],
    });
  });

  it('leaves empty options empty', () => {
    expect(splitByKnown('  ', known)).toEqual({ kept: '', dropped: [] });
  });

  it("asks the node itself: this one's own heap flag stays, a made-up flag goes", () => {
    expect(nodeOptionsFor(process.execPath, '--max-old-space-size=160 --no-such-flag-anywhere')).toBe(
      '--max-old-space-size=160',
    );
  });
});
