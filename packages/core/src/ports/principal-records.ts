import type { TokenScope } from '../principal';
import type { Role } from '../roles';
import type { ThirdPartyLinkRefusal } from '../third-party';

/** A person's account as the seam needs it to decide whether they may call at all. */
export type AccountRecord = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  profileImageUrl: string | null;
  role: Role;
  approvedAt: Date | null;
  deactivatedAt: Date | null;
};

/** A stored API token, found by the hash of its secret (or, once admitted, by its id). */
export type ApiTokenRecord = {
  id: string;
  userId: string;
  scope: TokenScope;
  expiresAt: Date;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
};

/**
 * What packages/auth's authenticator reads about accounts and tokens; the database implements it
 * (packages/db/src/principal-records.ts) and apps/server wires the two.
 */
export type PrincipalRecords = {
  findAccount(userId: string): Promise<AccountRecord | null>;
  findTokenByHash(tokenHash: string): Promise<ApiTokenRecord | null>;
  findTokenById(tokenId: string): Promise<ApiTokenRecord | null>;
  /** Sets the token's last-used time; on its first use also writes the `token.first_used` audit row. */
  markTokenUsed(token: ApiTokenRecord, at: Date): Promise<void>;
  /** A third-party request by the hash of its link's secret (issue 30 §1). */
  findThirdPartyLinkByHash(tokenHash: string): Promise<ThirdPartyLinkRecord | null>;
};

/** A supervisor's link as the seam needs it to decide whether it admits anyone now. */
export type ThirdPartyLinkRecord = {
  requestId: string;
  studentId: string;
  state: 'sent' | 'opened' | 'submitted' | 'revoked';
  expiresAt: Date;
};

export type { ThirdPartyLinkRefusal };
