import type { TokenScope } from '../principal';
import type { Role } from '../roles';

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
};
