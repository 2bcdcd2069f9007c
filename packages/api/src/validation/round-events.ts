import type { AuthedContext } from '../context';

/**
 * After a change to a round commits: open round screens refetch (issue 30). The round's validators
 * hear of it, and an action's owner, who may be no validator of the round; admins hear of every round.
 */
export async function publishRoundChanged(
  ctx: Pick<AuthedContext, 'events'>,
  roundId: string,
  peopleIds: string[],
): Promise<void> {
  await ctx.events.publish({ type: 'validation.changed', roundId, peopleIds: [...new Set(peopleIds)] });
}
