import { describe, expect, it, vi } from 'vitest';
import { forgetChunkReload, reloadOnStaleChunk, shouldReloadForChunk } from './stale-chunk.ts';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

const preloadError = () => new Event('vite:preloadError', { cancelable: true });

describe('shouldReloadForChunk', () => {
  it('reloads once per address, never twice in a row', () => {
    const storage = memoryStorage();
    expect(shouldReloadForChunk(storage, '/status')).toBe(true);
    expect(shouldReloadForChunk(storage, '/status')).toBe(false);
    expect(shouldReloadForChunk(storage, '/status')).toBe(false);
  });

  it('reloads again once a screen has opened since, or for another address', () => {
    const storage = memoryStorage();
    expect(shouldReloadForChunk(storage, '/status')).toBe(true);
    expect(shouldReloadForChunk(storage, '/records')).toBe(true);
    forgetChunkReload(storage);
    expect(shouldReloadForChunk(storage, '/records')).toBe(true);
  });
});

describe('reloadOnStaleChunk', () => {
  function setUp(openingScreen = true) {
    const target = new EventTarget();
    const reload = vi.fn();
    const stop = reloadOnStaleChunk({
      target,
      storage: memoryStorage(),
      address: () => '/status',
      isOpeningScreen: () => openingScreen,
      reload,
    });
    return { target, reload, stop };
  }

  it('reloads on the first failure and lets the second reach the error screen', () => {
    const { target, reload } = setUp();
    const first = preloadError();
    target.dispatchEvent(first);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(first.defaultPrevented).toBe(true);

    const second = preloadError();
    target.dispatchEvent(second);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(second.defaultPrevented).toBe(false);
  });

  it('never reloads for a link that was only pointed at', () => {
    const { target, reload } = setUp(false);
    const event = preloadError();
    target.dispatchEvent(event);
    expect(reload).not.toHaveBeenCalled();
    expect(event.defaultPrevented).toBe(false);
  });

  it('stops listening when asked', () => {
    const { target, reload, stop } = setUp();
    stop();
    target.dispatchEvent(preloadError());
    expect(reload).not.toHaveBeenCalled();
  });
});
