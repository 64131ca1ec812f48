import type { FastifyBaseLogger } from 'fastify';

/**
 * Work a request hands on instead of waiting for (a password-reset e-mail, which
 * must not make the answer slower for an existing account than for an unknown one).
 * Each piece is tracked, so closing the app waits for it, and a failure is logged
 * with the request's log line context, never lost.
 */
export interface BackgroundWork {
  /** Starts `work` without waiting for it; a failure is logged on `log` with `task: name`. */
  run(name: string, work: () => Promise<unknown>, log: FastifyBaseLogger): void;
  /** Resolves once every piece started so far, and any they start, has settled. */
  settled(): Promise<void>;
}

export function createBackgroundWork(): BackgroundWork {
  const running = new Set<Promise<void>>();
  return {
    run(name, work, log) {
      const task = Promise.resolve()
        .then(work)
        .then(
          () => undefined,
          (error: unknown) => {
            log.error({ err: error, task: name }, 'background work failed');
          },
        )
        .finally(() => running.delete(task));
      running.add(task);
    },
    async settled() {
      while (running.size > 0) await Promise.all(running);
    },
  };
}
