/**
 * Most calls one tRPC batch may carry. The server refuses a bigger batch before any call runs (one
 * GET of hundreds of list calls once held the event loop and half a gigabyte); the web client's batch
 * link splits its batches under it.
 */
export const MAX_CALLS_PER_BATCH = 10;
