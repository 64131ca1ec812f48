import { describe, expect, it } from 'vitest';
import { createStorageFullLatch } from './storage-full-latch.ts';

function latchWith(room: 'room' | 'full' | 'unknown') {
  const clock = { now: 0 };
  const state = { room };
  const latch = createStorageFullLatch({
    checkRoom: async () => state.room,
    holdMs: 1_000,
    maxHoldMs: 8_000,
    now: () => clock.now,
  });
  return { latch, clock, state };
}

describe('the storage-full latch behind /readyz', () => {
  it('is clear until a write fails for lack of room', async () => {
    const { latch } = latchWith('full');
    expect(await latch.isFull()).toBe(false);
    latch.record();
    expect(await latch.isFull()).toBe(true);
  });

  it('clears as soon as the room can be measured, and not on traffic', async () => {
    const { latch, state } = latchWith('full');
    latch.record();
    expect(await latch.isFull()).toBe(true);
    state.room = 'room';
    expect(await latch.isFull()).toBe(false);
  });

  it('where the room cannot be seen, holds after the last failure, doubling the hold on each relapse', async () => {
    const { latch, clock } = latchWith('unknown');
    latch.record();
    clock.now = 999;
    expect(await latch.isFull()).toBe(true);
    clock.now = 1_000;
    expect(await latch.isFull()).toBe(false);

    // Still full: the next failure holds twice as long, and so on up to the cap.
    const holds: number[] = [];
    for (let relapse = 0; relapse < 5; relapse += 1) {
      latch.record();
      const from = clock.now;
      while (await latch.isFull()) clock.now += 100;
      holds.push(clock.now - from);
    }
    expect(holds).toEqual([2_000, 4_000, 8_000, 8_000, 8_000]);

    // A long quiet spell after a clear: the next hold starts from the base again.
    clock.now += 8_000;
    latch.record();
    clock.now += 1_000;
    expect(await latch.isFull()).toBe(false);
  });
});
