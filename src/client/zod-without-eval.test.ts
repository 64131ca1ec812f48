import { afterEach, describe, expect, it, vi } from 'vitest';

describe('zod-without-eval', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('makes zod build and run object schemas without ever calling Function (no CSP eval probe)', async () => {
    await import('./zod-without-eval.ts');
    // The spy is in place before zod loads, so its eval probe (cached once) would be seen.
    const probe = vi.spyOn(globalThis, 'Function');
    const { z } = await import('zod');

    const schema = z.object({ name: z.string(), tags: z.array(z.string()) });

    expect(schema.parse({ name: 'a', tags: ['b'] })).toEqual({ name: 'a', tags: ['b'] });
    expect(z.config().jitless).toBe(true);
    expect(probe).not.toHaveBeenCalled();
  });
});
