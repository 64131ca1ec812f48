import { describe, expect, it } from 'vitest';
import { hotSpots, shareByPlace } from './profile-summary.ts';

const frame = (functionName: string, url: string, lineNumber = 0) => ({ functionName, url, lineNumber });

const profile = {
  nodes: [
    { id: 1, hitCount: 0, callFrame: frame('(root)', '') },
    { id: 2, hitCount: 6, callFrame: frame('resolveResponse', 'file:///app/node_modules/@trpc/server/dist/x.mjs', 40) },
    { id: 3, hitCount: 2, callFrame: frame('handler', 'file:///app/dist/server/main.js', 9) },
    { id: 4, hitCount: 2, callFrame: frame('(garbage collector)', '') },
    { id: 5, hitCount: 30, callFrame: frame('(idle)', '') },
  ],
};

describe('hotSpots', () => {
  it('ranks functions by their own samples, idle excluded, naming the package or file and line', () => {
    expect(hotSpots(profile)).toEqual([
      { where: 'resolveResponse (@trpc/server)', selfPercent: 60 },
      { where: 'handler (server/main.js:10)', selfPercent: 20 },
      { where: '(garbage collector) ((native))', selfPercent: 20 },
    ]);
  });

  it('keeps only the top entries', () => {
    expect(hotSpots(profile, 1)).toHaveLength(1);
  });
});

describe('shareByPlace', () => {
  it('adds self time per package, native frames under their own names', () => {
    expect(shareByPlace(profile)).toEqual({
      '@trpc/server': 60,
      'server/main.js': 20,
      '(garbage collector)': 20,
    });
  });
});
