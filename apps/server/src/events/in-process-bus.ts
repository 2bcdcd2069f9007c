import type { DomainEvent } from '@evident/core/events';
import type { Logger } from '@evident/core/logger';
import type { EventBus } from '@evident/core/ports/events';

/** One server's events to its own listeners: the embedded default, and the local half of the Postgres bus. */
export function createInProcessEventBus(log: Logger): EventBus & { deliver(event: DomainEvent): void } {
  const listeners = new Set<(event: DomainEvent) => void>();
  function deliver(event: DomainEvent) {
    for (const listener of listeners) {
      try {
        listener(event);
      } catch (error) {
        // One broken listener must not keep the event from the others, nor fail the mutation.
        log.error(error, `event listener failed on ${event.type}`);
      }
    }
  }
  return {
    deliver,
    async publish(event) {
      deliver(event);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
