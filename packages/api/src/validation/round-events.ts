import { findValidationRound } from '@evident/db/queries/validation';
import type { AuthedContext } from '../context';

/**
 * After a change to a round commits: open round screens refetch (issue 30). Its validators hear of
 * it, and an action's owner, who may be no validator of the round; admins hear of every round.
 */
export async function publishRoundChanged(
  ctx: Pick<AuthedContext, 'db' | 'events'>,
  roundId: string,
  alsoTo: string[] = [],
): Promise<void> {
  const found = await findValidationRound(ctx.db, roundId);
  const peopleIds = [...new Set([...(found?.validatorIds ?? []), ...alsoTo])];
  await ctx.events.publish({ type: 'validation.changed', roundId, peopleIds });
}
