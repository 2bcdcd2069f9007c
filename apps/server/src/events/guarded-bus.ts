import type { Logger } from '@evident/core/logger';
import type { EventBus } from '@evident/core/ports/events';

/**
 * Publishing happens after a mutation committed: the work is done, so a failure to tell others about
 * it is logged, never thrown back at the person whose change it was.
 */
export function guardEventBus<T extends EventBus>(bus: T, log: Logger): T {
  return {
    ...bus,
    async publish(event) {
      try {
        await bus.publish(event);
      } catch (error) {
        log.error(error, `could not publish ${event.type}`);
      }
    },
  };
}
