import { LtiServiceError } from './grades';

export type Membership = {
  userId: string;
  roles: string[];
  status: string;
  givenName: string | null;
  familyName: string | null;
  name: string | null;
  email: string | null;
};

const nextLink = (header: string | null): string | null => {
  for (const part of (header ?? '').split(',')) {
    const match = part.match(/<([^>]+)>\s*;\s*rel="?next"?/i);
    if (match?.[1]) return match[1];
  }
  return null;
};

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/**
 * A course's roster from Names and Role Provisioning 2.0: every page, following `Link: rel="next"`
 * (at most `maxPages`, so a platform that links in a circle cannot hold the request forever).
 */
export async function fetchMemberships(
  url: string,
  token: string,
  options: { fetch?: typeof fetch; maxPages?: number } = {},
): Promise<Membership[]> {
  const members: Membership[] = [];
  let next: string | null = url;
  for (let page = 0; next && page < (options.maxPages ?? 100); page += 1) {
    const response: Response = await (options.fetch ?? fetch)(next, {
      headers: {
        accept: 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json',
        authorization: `Bearer ${token}`,
      },
      signal: AbortSignal.timeout(15_000),
    });
    if (!response.ok)
      throw new LtiServiceError(
        `The platform roster answered ${response.status}: ${(await response.text()).slice(0, 200)}`,
      );
    const body = (await response.json()) as { members?: Record<string, unknown>[] };
    for (const member of body.members ?? []) {
      const userId = text(member.user_id);
      if (!userId) continue;
      members.push({
        userId,
        roles: Array.isArray(member.roles) ? member.roles.map(String) : [],
        status: text(member.status) ?? 'Active',
        givenName: text(member.given_name),
        familyName: text(member.family_name),
        name: text(member.name),
        email: text(member.email),
      });
    }
    next = nextLink(response.headers.get('link'));
  }
  return members;
}
