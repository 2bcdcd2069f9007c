import { router } from '../../trpc';
import { ownTokensRouter } from '../tokens/router';

/** What every signed-in person manages for themselves (the account page). */
export const accountRouter = router({
  tokens: ownTokensRouter,
});
