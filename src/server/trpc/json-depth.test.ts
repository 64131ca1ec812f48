import { describe, expect, it } from 'vitest';
import { nestsDeeperThan } from './json-depth.ts';

describe('nestsDeeperThan', () => {
  it('counts arrays and objects, not brackets inside strings', () => {
    expect(nestsDeeperThan('{"a":[{"b":1}]}', 3)).toBe(false);
    expect(nestsDeeperThan('{"a":[{"b":[1]}]}', 3)).toBe(true);
    expect(nestsDeeperThan('{"a":"[[[[[[[[[["}', 1)).toBe(false);
    expect(nestsDeeperThan('{"a":"\\"[[[[[[[["}', 1)).toBe(false);
    expect(nestsDeeperThan(`${'['.repeat(10_000)}${']'.repeat(10_000)}`, 64)).toBe(true);
  });
});
