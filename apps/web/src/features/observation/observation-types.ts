import type { ObservationRequest } from '@evident/core/observations';

/**
 * A signed checklist waiting in the capture queue (issue 29 §5): kept on the device until the server
 * recorded it (sent once: its `key` is the request's clientKey) or, refused for good, until the
 * assessor dismisses it.
 */
export type QueuedObservation = {
  /** The clientKey, made on the device when the checklist was signed. */
  key: string;
  /** The assessor whose checklist it is: only sent while they are signed in. */
  userId: string;
  input: ObservationRequest & { clientKey: string };
  /** For the queue's list: whom and what it observed. */
  studentName: string;
  taskTitle: string;
  /** Order of sending: first signed, first sent. */
  queuedAt: number;
  /** The server's reason when it refused the checklist for good (a 4xx). */
  refusal?: string;
};
