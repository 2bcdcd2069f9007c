import { randomUUID } from 'node:crypto';
import type { DomainEvent } from '@evident/core/events';
import type { Logger } from '@evident/core/logger';
import type { EventBus } from '@evident/core/ports/events';
import type { Notifications } from '@evident/db/client';
import { createInProcessEventBus } from './in-process-bus';

export const eventChannel = 'evident_events';

/** Well under PostgreSQL's 8000-byte NOTIFY limit. */
const maxPayloadBytes = 6000;

type Envelope = { from: string; event: DomainEvent };

/** A bulk grading of hundreds of submissions travels as several notifications of a few dozen each. */
export function splitForTransport(event: DomainEvent, from: string): string[] {
  const payload = JSON.stringify({ from, event } satisfies Envelope);
  if (Buffer.byteLength(payload) <= maxPayloadBytes || event.type !== 'submission.graded') return [payload];
  if (event.submissions.length <= 1) throw new Error(`${event.type} is too large to send`);
  const half = Math.ceil(event.submissions.length / 2);
  return [
    ...splitForTransport({ ...event, submissions: event.submissions.slice(0, half) }, from),
    ...splitForTransport({ ...event, submissions: event.submissions.slice(half) }, from),
  ];
}

function parse(payload: string): Envelope | null {
  try {
    const parsed = JSON.parse(payload) as Partial<Envelope>;
    return typeof parsed.from === 'string' && typeof parsed.event?.type === 'string'
      ? (parsed as Envelope)
      : null;
  } catch {
    return null;
  }
}

/**
 * Events across server instances sharing one PostgreSQL database. This instance's listeners hear
 * its own events at once; the others hear them through NOTIFY, and each instance skips the echo of
 * its own, so every listener everywhere hears each event once.
 */
export function createPostgresEventBus(
  notifications: Notifications,
  log: Logger,
): EventBus & { listening: Promise<void> } {
  const instanceId = randomUUID();
  const local = createInProcessEventBus(log);
  const resyncListeners = new Set<() => void>();
  let listened = false;
  const listening = notifications.listen(
    eventChannel,
    (payload) => {
      const envelope = parse(payload);
      if (!envelope) log.warn(`ignored a malformed notification on ${eventChannel}`);
      else if (envelope.from !== instanceId) local.deliver(envelope.event);
    },
    () => {
      // After a dropped connection, notifications sent meanwhile are lost: open screens are told to
      // refetch everything rather than trust what they hold.
      if (listened) {
        log.warn(
          `listening on ${eventChannel} again after a dropped database connection; live streams resync`,
        );
        for (const listener of resyncListeners) listener();
      }
      listened = true;
    },
  );
  return {
    listening,
    async publish(event) {
      local.deliver(event);
      for (const payload of splitForTransport(event, instanceId)) {
        await notifications.notify(eventChannel, payload);
      }
    },
    subscribe: local.subscribe,
    onResync(listener) {
      resyncListeners.add(listener);
      return () => resyncListeners.delete(listener);
    },
  };
}
