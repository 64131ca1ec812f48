/**
 * The only tRPC internals the fast path uses: what it needs that no public entry point
 * (`@trpc/server`, `/http`, `/rpc`, `/adapters/*`) exports. Everything else comes from
 * those. `@trpc/server/unstable-core-do-not-import` may change in any release, so this
 * file is the list to re-check when tRPC moves (docs/decisions/0023-trpc-fast-path.md);
 * a lint rule keeps the import out of every other file.
 */

/**
 * The tRPC release the conformance suite last passed against, both ways
 * (fast-path.conformance.test.ts with TRPC_FAST_PATH unset and false). A test fails
 * when the installed one differs, so an upgrade runs the suite and re-reads this list.
 */
export const FAST_PATH_CHECKED_WITH_TRPC = '11.19.0';

export {
  /**
   * Finds a procedure by path, loading a lazy router on the way: what the stock
   * adapter looks calls up with. The router's own `_def.procedures` holds only the
   * procedures already loaded.
   */
  getProcedureAtPath,
  /**
   * resolveResponse's tests on a result (its `isDataStream`): an answer counts as a
   * stream, which a non-streaming call refuses, exactly when tRPC would say so.
   */
  isAsyncIterable,
  isObject,
  isPromise,
  /** The null-prototype record tRPC reads a batch's inputs into, so an index like `__proto__` stays data. */
  emptyObject,
} from '@trpc/server/unstable-core-do-not-import';
