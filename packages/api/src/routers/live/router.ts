import { authedProcedure, router } from '../../trpc';
import { liveEvents, liveEventsInput } from './live-events';

export const liveRouter = router({
  events: router({
    stream: authedProcedure
      .input(liveEventsInput)
      .subscription(({ ctx, input, signal }) => liveEvents(ctx, input, signal)),
  }),
});
