import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { asSessionChange } from '../viewer/session-changes.ts';
import type { Viewer } from '../viewer/use-viewer.ts';
import { whySessionEnded } from './session-ended.ts';

const ada: Viewer = { id: 'u1', name: 'Ada', email: 'ada@example.test', role: 'member', permissions: [] };

/** A change of session this tab holds open until `settle` is called. */
function changeInFlight(queryClient: QueryClient, onSettle: () => void) {
  let settle!: () => void;
  const done = asSessionChange(queryClient, () => new Promise<void>((resolve) => (settle = resolve)).then(onSettle));
  return { settle: () => (settle(), done) };
}

describe('whySessionEnded: a live stream told its session ended', () => {
  it('says nothing after this tab signed out, even when the stream heard first', async () => {
    const queryClient = new QueryClient();
    let cached: Viewer | null = ada;
    const fetch = vi.fn(async () => null);
    const signOut = changeInFlight(queryClient, () => (cached = null));

    const cause = whySessionEnded(queryClient, { cached: () => cached, fetch });
    await signOut.settle();

    expect(await cause).toBe('own-change');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('starts the stream again after a password change gave this tab a new session', async () => {
    const queryClient = new QueryClient();
    let serverKnows = false;
    const fetch = vi.fn(async () => (serverKnows ? ada : null));
    const passwordChange = changeInFlight(queryClient, () => (serverKnows = true));

    const cause = whySessionEnded(queryClient, { cached: () => ada, fetch });
    await Promise.resolve();
    // Asked before the new cookie arrived, the server would have said nobody.
    expect(fetch).not.toHaveBeenCalled();
    await passwordChange.settle();

    expect(await cause).toBe('still-signed-in');
    expect(fetch).toHaveBeenCalledOnce();
  });

  it('tells the person they are signed out when the session was revoked elsewhere', async () => {
    const queryClient = new QueryClient();
    const cause = await whySessionEnded(queryClient, { cached: () => ada, fetch: async () => null });
    expect(cause).toBe('signed-out');
  });

  it('signs nobody out when the server cannot be asked', async () => {
    const queryClient = new QueryClient();
    const fetch = async () => Promise.reject(new TypeError('Failed to fetch'));
    expect(await whySessionEnded(queryClient, { cached: () => ada, fetch })).toBe('still-signed-in');
  });

  it('waits for every change in flight, whatever the order they settle in', async () => {
    const queryClient = new QueryClient();
    let cached: Viewer | null = ada;
    const first = changeInFlight(queryClient, () => undefined);
    const second = changeInFlight(queryClient, () => (cached = null));
    const cause = whySessionEnded(queryClient, { cached: () => cached, fetch: async () => null });
    await first.settle();
    await second.settle();
    expect(await cause).toBe('own-change');
  });
});
