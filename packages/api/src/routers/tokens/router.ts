import { z } from 'zod';
import { adminProcedure, authedProcedure, router } from '../../trpc';
import {
  apiTokenView,
  issuedTokenView,
  issueToken,
  issueTokenForUserInput,
  issueTokenInput,
  listTokens,
  revokedTokenView,
  revokeToken,
  tokenIdInput,
  userIdInput,
} from './api-tokens';

/** A person's own API tokens, from the account page: `account.tokens.*`. */
export const ownTokensRouter = router({
  list: authedProcedure
    .output(z.array(apiTokenView))
    .query(({ ctx }) => listTokens(ctx, ctx.principal.realUser.id)),
  issue: authedProcedure
    .input(issueTokenInput)
    .output(issuedTokenView)
    .mutation(({ ctx, input }) => issueToken(ctx, { ...input, userId: ctx.principal.realUser.id })),
  revoke: authedProcedure
    .input(tokenIdInput)
    .output(revokedTokenView)
    .mutation(({ ctx, input }) => revokeToken(ctx, input, false)),
});

/** Any person's API tokens, for an admin: `admin.tokens.*` (and the `/api/admin/...tokens` paths). */
export const peopleTokensRouter = router({
  list: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/admin/users/{id}/tokens', pathFields: { id: 'userId' } } })
    .input(userIdInput)
    .output(z.array(apiTokenView))
    .query(({ ctx, input }) => listTokens(ctx, input.userId)),
  issue: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/admin/users/{id}/tokens', pathFields: { id: 'userId' } } })
    .input(issueTokenForUserInput)
    .output(issuedTokenView)
    .mutation(({ ctx, input }) => issueToken(ctx, input)),
  revoke: adminProcedure
    .meta({ rest: { method: 'DELETE', path: '/api/admin/tokens/{tokenId}' } })
    .input(tokenIdInput)
    .output(revokedTokenView)
    .mutation(({ ctx, input }) => revokeToken(ctx, input, true)),
});
