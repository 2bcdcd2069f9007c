import { router } from '../../trpc';
import { ownTokensRouter } from '../tokens/router';
import { digestMailRouter } from './digest-mail';
import { gradedMailRouter } from './graded-mail';
import { singleSignOnRouter } from './single-sign-on';

/** What every signed-in person manages for themselves (the account page). */
export const accountRouter = router({
  tokens: ownTokensRouter,
  gradedMail: gradedMailRouter,
  digestMail: digestMailRouter,
  singleSignOn: singleSignOnRouter,
});
