import { AppError } from '@evident/core/errors';
import type { LtiRoster } from '@evident/core/ports/lti-roster';
import type { Database } from '@evident/db/client';
import { findLtiPlatformById } from '@evident/db/queries/lti-platforms';
import { scopes } from '@evident/lti/claims';
import { createServiceTokens, LtiServiceError } from '@evident/lti/grades';
import { fetchMemberships } from '@evident/lti/memberships';
import { roleFromLtiRoles } from '@evident/lti/roles';
import type { LtiTool } from './lti-tool';

/** The roster port over Names and Role Provisioning, with a client-credentials token per platform. */
export function createLtiRosterSource(db: Database, tool: Promise<LtiTool>): LtiRoster {
  let tokens: ReturnType<typeof createServiceTokens> | null = null;
  return {
    async members({ platformId, membershipsUrl }) {
      const platform = await findLtiPlatformById(db, platformId);
      if (!platform) throw new AppError('NOT_FOUND', 'The course platform is no longer registered');
      const ready = await tool;
      tokens ??= createServiceTokens({ signer: () => ready.signer() });
      try {
        const members = await fetchMemberships(membershipsUrl, await tokens(platform, [scopes.memberships]));
        return members.map((member) => {
          const [first, ...rest] = (member.name ?? '').split(/\s+/).filter(Boolean);
          return {
            subject: member.userId,
            role: roleFromLtiRoles(member.roles),
            firstName: member.givenName ?? first ?? 'Course',
            lastName: member.familyName ?? (rest.join(' ') || 'member'),
            email: member.email,
            active: member.status === 'Active',
          };
        });
      } catch (error) {
        // A platform that is down or refuses is its trouble, told to the person as such (502).
        if (error instanceof LtiServiceError || error instanceof TypeError || error instanceof DOMException)
          throw new AppError(
            'UPSTREAM_FAILED',
            `The learning platform did not give the roster: ${error.message}`,
          );
        throw error;
      }
    },
  };
}
