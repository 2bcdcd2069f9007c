/**
 * The background worker of one server process (packages/api/src/jobs/job-worker.ts): it runs the
 * rows of the `jobs` table, queued in the transaction that needed the work.
 */
export type JobQueue = {
  /** Work was queued (or the server started): look for due jobs now. Returns at once. */
  wake(): void;
  /** Resolves once no job is running and none this process can run is due (tests, benchmarks). */
  idle(): Promise<void>;
  /** Stops taking jobs, asks running ones to stop, gives back what they leave unfinished. */
  stop(): Promise<void>;
};
