import { MutationObserver, QueryClient, QueryObserver } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { createCaches, reportError } from './global-errors.ts';
import { createNotificationStore } from './notification-store.ts';

function trpcError(appCode: string, message = 'A message') {
  return TRPCClientError.from({ error: { message, code: -32000, data: { appCode, requestId: 'req-1' } } });
}

describe('reportError: errors no screen has to handle', () => {
  it.each([{ kind: 'query' } as const, { kind: 'mutation', errorsShownInline: true } as const])(
    'raises the signed-out banner on UNAUTHENTICATED from a %o, and nothing else',
    (source) => {
      const store = createNotificationStore();
      reportError(store, trpcError('UNAUTHENTICATED'), source);
      expect(store.getSnapshot()).toEqual({ signedOut: true, toasts: [] });
    },
  );

  it("leaves a query's other errors to the screen", () => {
    const store = createNotificationStore();
    reportError(store, trpcError('INTERNAL'), { kind: 'query' });
    expect(store.getSnapshot()).toEqual({ signedOut: false, toasts: [] });
  });

  it("toasts a mutation's error, unless the screen shows it inline", () => {
    const store = createNotificationStore();
    reportError(store, trpcError('CONFLICT', 'Taken'), { kind: 'mutation', errorsShownInline: true });
    expect(store.getSnapshot().toasts).toEqual([]);

    reportError(store, trpcError('CONFLICT', 'Taken'), { kind: 'mutation', errorsShownInline: false });
    expect(store.getSnapshot().toasts).toEqual([
      { id: 1, error: expect.objectContaining({ code: 'CONFLICT', message: 'Taken', requestId: null }) as unknown },
    ]);
  });
});

describe('the notification store', () => {
  it('keeps the newest three toasts and dismisses by id', () => {
    const store = createNotificationStore();
    for (const message of ['a', 'b', 'c', 'd']) {
      reportError(store, trpcError('CONFLICT', message), { kind: 'mutation', errorsShownInline: false });
    }
    expect(store.getSnapshot().toasts.map(({ error }) => error.message)).toEqual(['b', 'c', 'd']);

    store.dismissToast(3);
    expect(store.getSnapshot().toasts.map(({ id }) => id)).toEqual([2, 4]);
  });

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

  it("reads a mutation's meta to decide on a toast", async () => {
    const { store, queryClient } = clientWith();
    const fail = () => Promise.reject(trpcError('CONFLICT', 'Taken'));
    const inline = new MutationObserver(queryClient, { mutationFn: fail, meta: { errorsShownInline: true } });
    await inline.mutate().catch(() => undefined);
    expect(store.getSnapshot().toasts).toHaveLength(0);

    const unhandled = new MutationObserver(queryClient, { mutationFn: fail });
    await unhandled.mutate().catch(() => undefined);
    expect(store.getSnapshot().toasts).toHaveLength(1);
  });

  it('raises the banner when a query answers UNAUTHENTICATED', async () => {
    const { store, queryClient } = clientWith();
    const observer = new QueryObserver(queryClient, {
      queryKey: ['me'],
      queryFn: () => Promise.reject(trpcError('UNAUTHENTICATED')),
    });
    await observer.refetch();
    expect(store.getSnapshot().signedOut).toBe(true);
  });
});
