import type { TRPCLink } from '@trpc/client';
import type { Observable, Unsubscribable } from '@trpc/server/observable';
import type { AppRouter } from '../../server/router.ts';

export type OperationLink = ReturnType<TRPCLink<AppRouter>>;
type Envelope = ReturnType<OperationLink> extends Observable<infer Value, infer Error> ? [Value, Error] : never;
export type LinkObservable = Observable<Envelope[0], Envelope[1]>;
export type LinkObserver = Parameters<LinkObservable['subscribe']>[0];

/**
 * An observable as tRPC's links pass them, spelled out: the client may not import
 * tRPC's server package, where `observable()` lives.
 */
export function linkObservable(subscribe: (observer: LinkObserver) => () => void): LinkObservable {
  const self = {
    subscribe(observer: LinkObserver): Unsubscribable {
      return { unsubscribe: subscribe(observer) };
    },
    pipe(...operators: ((source: unknown) => unknown)[]) {
      return operators.reduce<unknown>((source, operator) => operator(source), self);
    },
  };
  return self as LinkObservable;
}

/**
 * A link whose code loads on first use: subscriptions are one stream per tab, and
 * their client stays out of the first chunk (docs/decisions/0027).
 */
export function lazyLink(load: () => Promise<TRPCLink<AppRouter>>): TRPCLink<AppRouter> {
  return (runtime) => {
    let loaded: Promise<OperationLink> | undefined;
    return ({ op, next }) =>
      linkObservable((observer) => {
        let subscription: Unsubscribable | undefined;
        let ended = false;
        (loaded ??= load().then((link) => link(runtime))).then(
          (operationLink) => {
            if (!ended) subscription = operationLink({ op, next }).subscribe(observer);
          },
          (cause: unknown) => {
            observer.error?.(cause as Envelope[1]);
          },
        );
        return () => {
          ended = true;
          subscription?.unsubscribe();
        };
      });
  };
}
