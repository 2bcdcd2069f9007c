import type { DomainEvent } from '@evident/core/events';
import type { JobPayload } from '@evident/core/job-kinds';
import type { EventBus } from '@evident/core/ports/events';
import type { NewJob } from '@evident/db/queries/jobs';
import type { JobHandler } from './job-worker';

/** A domain event that could not be published when its change committed, to publish again. */
export const eventJob = (event: DomainEvent): NewJob<'event'> => ({
  kind: 'event',
  payload: event,
  maxAttempts: 8,
});

/**
 * Publishes `event` jobs on the bus itself (not the guarded one), so a failure fails the attempt
 * and is retried. Listeners on this server may hear the event twice; events only make screens
 * fetch again, so that costs a refetch, while losing one would leave a screen stale.
 */
export function createEventJob(bus: EventBus): JobHandler<JobPayload<'event'>> {
  return { run: (payload) => bus.publish(payload) };
}
