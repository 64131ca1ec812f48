import { environmentManager, InfiniteQueryObserver, isServer, QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mailboxRefreshMs, notDoneYet, onOnePage, refetchIntervalFor } from './refresh.ts';

const always = () => true;

describe('refetchIntervalFor: when the mailbox asks again', () => {
  it('polls while the first answer is out, and while the data can still change', () => {
    expect(refetchIntervalFor({ status: 'pending', data: undefined }, always)).toBe(mailboxRefreshMs);
    expect(refetchIntervalFor({ status: 'success', data: 'x' }, always)).toBe(mailboxRefreshMs);
  });

  it('stops once the query has failed, even with data from an earlier answer', () => {
    expect(refetchIntervalFor({ status: 'error', data: undefined }, always)).toBe(false);
    expect(refetchIntervalFor({ status: 'error', data: 'x' }, always)).toBe(false);
  });

  it('stops once the data says there is nothing more to wait for', () => {
    expect(refetchIntervalFor({ status: 'success', data: 'x' }, () => false)).toBe(false);
  });

  it('polls the list only while one page is loaded', () => {
    expect(refetchIntervalFor({ status: 'success', data: { pages: [1] } }, onOnePage)).toBe(mailboxRefreshMs);
    expect(refetchIntervalFor({ status: 'success', data: { pages: [1, 2] } }, onOnePage)).toBe(false);
  });

  it('polls one e-mail until it is sent or has failed', () => {
    expect(notDoneYet({ status: 'pending' })).toBe(true);
    expect(notDoneYet({ status: 'sending' })).toBe(true);
    expect(notDoneYet({ status: 'sent' })).toBe(false);
    expect(notDoneYet({ status: 'failed' })).toBe(false);
  });
});

describe('refetchIntervalFor in a QueryClient', () => {
  beforeEach(() => {
    // React Query never polls on a server, and Node looks like one to it.
    environmentManager.setIsServer(() => false);
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    environmentManager.setIsServer(() => isServer);
  });

  it('sends a refused query once, not every few seconds', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const queryFn = vi.fn(() => Promise.reject(new Error('FORBIDDEN')));
    const observer = new QueryObserver(queryClient, {
      queryKey: ['mailbox', 'message'],
      queryFn,
      refetchInterval: (query) => refetchIntervalFor(query.state, always),
    });
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(mailboxRefreshMs * 4);
    expect(observer.getCurrentResult().status).toBe('error');
    expect(queryFn).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it('asks for the first page again and again, and stops once a second page is loaded', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const queryFn = vi.fn(({ pageParam }: { pageParam: number }) => Promise.resolve({ page: pageParam }));
    const observer = new InfiniteQueryObserver(queryClient, {
      queryKey: ['mailbox', 'messages'],
      queryFn,
      initialPageParam: 0,
      getNextPageParam: (last: { page: number }) => last.page + 1,
      refetchInterval: (query) => refetchIntervalFor(query.state, onOnePage),
    });
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(mailboxRefreshMs * 2);
    expect(queryFn).toHaveBeenCalledTimes(3); // the first answer and two polls

    await observer.fetchNextPage();
    queryFn.mockClear();
    await vi.advanceTimersByTimeAsync(mailboxRefreshMs * 4);
    expect(queryFn).not.toHaveBeenCalled();
    unsubscribe();
  });
});
