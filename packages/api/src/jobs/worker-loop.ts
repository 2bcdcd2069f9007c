import type { Logger } from '@evident/core/logger';

/**
 * The run loop of a background queue whose work is rows in the database: `drain` claims and does
 * work until none is left. One drain runs at a time; a wake while it runs starts another drain right
 * after, so work queued meanwhile is never missed; a timer wakes it now and then for work left by a
 * crash or by another server.
 */
export type WorkerLoop = {
  wake(): void;
  /** Resolves once no drain is running or queued in this process. */
  idle(): Promise<void>;
  /** Stops taking work; `interrupt` cuts the running job short. Resolves once the drain has ended. */
  stop(interrupt?: () => void): Promise<void>;
  /** True once stopping: a drain checks it between jobs. */
  readonly stopped: boolean;
};

export function createWorkerLoop(options: {
  drain: () => Promise<void>;
  pollMs: number;
  log: Logger;
  /** Logged with the error when a drain fails unexpectedly, e.g. 'video processing stopped on an error'. */
  failureMessage: string;
}): WorkerLoop {
  let running: Promise<void> | null = null;
  let wokenWhileRunning = false;
  let stopped = false;

  function wake(): void {
    if (stopped) return;
    if (running) {
      wokenWhileRunning = true;
      return;
    }
    running = options
      .drain()
      .catch((error: unknown) => options.log.error(error, options.failureMessage))
      .finally(() => {
        running = null;
        if (wokenWhileRunning) {
          wokenWhileRunning = false;
          wake();
        }
      });
  }

  const poll = setInterval(wake, options.pollMs);
  poll.unref();

  return {
    wake,
    async idle() {
      while (running) await running;
    },
    async stop(interrupt) {
      stopped = true;
      clearInterval(poll);
      interrupt?.();
      await running;
    },
    get stopped() {
      return stopped;
    },
  };
}
