import type { DomainEvent } from '@evident/core/events';
import type { Logger } from '@evident/core/logger';
import type { EventBus } from '@evident/core/ports/events';

/**
 * Publishing happens after a mutation committed: the work is done, so a failure to tell others about
 * it is never thrown back at the person whose change it was. It is logged and handed to `retry`
 * (an `event` job), so the event is published again once the bus recovers rather than lost.
 */
export function guardEventBus<T extends EventBus>(
  bus: T,
  log: Logger,
  retry?: (event: DomainEvent) => Promise<void>,
): T {
  return {
    ...bus,
    async publish(event) {
      try {
        await bus.publish(event);
      } catch (error) {
        log.error(error, `could not publish ${event.type}${retry ? '; it is queued to publish again' : ''}`);
        await retry?.(event).catch((queueError: unknown) =>
          log.error(queueError, `could not queue ${event.type} to publish again; it is lost`),
        );
      }
    },
  };
}
