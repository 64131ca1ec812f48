import { describe, expect, it, vi } from 'vitest';
import { firstUseEvents, whenFirstUsed } from './hold.ts';

const settledYet = async (promise: Promise<void>) => {
  let settled = false;
  void promise.then(() => {
    settled = true;
  });
  await new Promise((resolve) => setTimeout(resolve, 0));
  return settled;
};

describe('whenFirstUsed', () => {
  it.each(firstUseEvents)('counts %s as a use', async (type) => {
    const page = new EventTarget();
    const used = whenFirstUsed(page);
    page.dispatchEvent(new Event('scroll'));
    page.dispatchEvent(new Event('visibilitychange'));
    expect(await settledYet(used)).toBe(false);
    page.dispatchEvent(new Event(type));
    expect(await settledYet(used)).toBe(true);
  });

  it('stops listening after the first use', () => {
    const page = new EventTarget();
    const removed = vi.spyOn(page, 'removeEventListener');
    void whenFirstUsed(page);
    page.dispatchEvent(new Event('keydown'));
    expect(removed).toHaveBeenCalledTimes(firstUseEvents.length);
  });
});
