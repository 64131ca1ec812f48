import { MutationObserver, QueryClient, QueryObserver } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCaches } from './global-errors.ts';
import { reportError } from './report-error.ts';
import { createNotificationStore } from './notification-store.ts';
import { attachNoticeSink, type Notice } from './notices.ts';

function trpcError(appCode: string, message = 'A message') {
  return TRPCClientError.from({ error: { message, code: -32000, data: { appCode, requestId: 'req-1' } } });
}

// What the toaster would have shown, in order.
let shown: Notice[] = [];
let detach: () => void = () => undefined;
beforeEach(() => {
  shown = [];
  detach = attachNoticeSink((notice) => shown.push(notice));
});
afterEach(() => {
  detach();
});

describe('reportError: errors no screen has to handle', () => {
  it.each([{ kind: 'query' } as const, { kind: 'mutation', errorsShownInline: true } as const])(
    'raises the signed-out banner on UNAUTHENTICATED from a %o, and nothing else',
    (source) => {
      const store = createNotificationStore();
      reportError(store, trpcError('UNAUTHENTICATED'), source);
      expect(store.getSnapshot()).toEqual({ signedOut: true });
      expect(shown).toEqual([]);
    },
  );

  it("leaves a query's other errors to the screen", () => {
    const store = createNotificationStore();
    reportError(store, trpcError('INTERNAL'), { kind: 'query' });
    expect(store.getSnapshot()).toEqual({ signedOut: false });
    expect(shown).toEqual([]);
  });

  it("raises an error notice for a mutation's error, unless the screen shows it inline", () => {
    const store = createNotificationStore();
    reportError(store, trpcError('CONFLICT', 'Taken'), { kind: 'mutation', errorsShownInline: true });
    expect(shown).toEqual([]);

    reportError(store, trpcError('CONFLICT', 'Taken'), { kind: 'mutation', errorsShownInline: false });
    // A routine error: no reference to quote.
    expect(shown).toEqual([{ kind: 'error', title: 'Taken' }]);
  });

  it('gives an unexpected failure its reference, for support', () => {
    const store = createNotificationStore();
    reportError(store, trpcError('INTERNAL', 'Something went wrong'), { kind: 'mutation', errorsShownInline: false });
    expect(shown).toEqual([{ kind: 'error', title: 'Something went wrong', reference: 'req-1' }]);
  });
});

describe('the notification store', () => {
  it('tells subscribers about each change, and stops once they unsubscribe', () => {
    const store = createNotificationStore();
    let calls = 0;
    const unsubscribe = store.subscribe(() => (calls += 1));
    store.markSignedOut();
    store.markSignedOut(); // already signed out: no change, no call
    unsubscribe();
    store.markSignedOut();
    expect(calls).toBe(1);
  });

  it('clears the signed-out state once someone signs in, and only then tells subscribers', () => {
    const store = createNotificationStore();
    let calls = 0;
    store.subscribe(() => (calls += 1));
    store.clearSignedOut(); // not signed out: no change, no call
    store.markSignedOut();
    store.clearSignedOut();
    expect(store.getSnapshot().signedOut).toBe(false);
    expect(calls).toBe(2);
  });
});

describe('createCaches: the QueryClient wiring', () => {
  function clientWith() {
    const store = createNotificationStore();
    const queryClient = new QueryClient({ ...createCaches(store), defaultOptions: { queries: { retry: false } } });
    return { store, queryClient };
  }

  it("reads a mutation's meta to decide on a notice", async () => {
    const { queryClient } = clientWith();
    const fail = () => Promise.reject(trpcError('CONFLICT', 'Taken'));
    const inline = new MutationObserver(queryClient, { mutationFn: fail, meta: { errorsShownInline: true } });
    await inline.mutate().catch(() => undefined);
    expect(shown).toHaveLength(0);

    const unhandled = new MutationObserver(queryClient, { mutationFn: fail });
    await unhandled.mutate().catch(() => undefined);
    await vi.waitFor(() => {
      expect(shown).toEqual([{ kind: 'error', title: 'Taken' }]);
    });
  });

  it('raises the banner when a query answers UNAUTHENTICATED', async () => {
    const { store, queryClient } = clientWith();
    const observer = new QueryObserver(queryClient, {
      queryKey: ['me'],
      queryFn: () => Promise.reject(trpcError('UNAUTHENTICATED')),
    });
    await observer.refetch();
    await vi.waitFor(() => {
      expect(store.getSnapshot().signedOut).toBe(true);
    });
  });
});
