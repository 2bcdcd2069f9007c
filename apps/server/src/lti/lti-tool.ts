import type { Logger } from '@evident/core/logger';
import type { Database } from '@evident/db/client';
import { findLtiPlatform, upsertLtiPlatform } from '@evident/db/queries/lti-platforms';
import { addToolKey, listPublishedToolKeys } from '@evident/db/queries/lti-tool-keys';
import { createToolSigner, generateToolKey, type StoredToolKey, type ToolSigner } from '@evident/lti/keys';
import type { LtiPlatform } from '@evident/lti/launch';
import { createPlatformKeyCache, type PlatformKeyCache } from '@evident/lti/platform-keys';
import type { Config } from '../config';
import { queueKeyCleanups } from './lti-key-cleanup-job';

/** How long a replaced tool key stays published, for platforms that cached our key set. */
export const keyOverlapMs = 24 * 60 * 60 * 1000;

export type LtiTool = {
  publicUrl: string;
  keys: PlatformKeyCache;
  /** The signer over the keys published now (read again after a rotation). */
  signer(): Promise<ToolSigner>;
  /** A new signing key; the old ones stay published for a day, and are deleted a day after that. */
  rotate(): Promise<string>;
  findPlatform(issuer: string, clientIds: string[]): Promise<LtiPlatform | undefined>;
};

/**
 * The tool's state at start-up: a signing key (generated on the first start), the platforms from
 * LTI_PLATFORMS registered or updated, and one cache of platforms' key sets.
 */
export async function createLtiTool(
  db: Database,
  config: Config,
  log: Logger,
  options: { jwksCooldownMs?: number } = {},
): Promise<LtiTool> {
  const secret = config.lti.secret;
  const published = async (): Promise<StoredToolKey[]> =>
    (await listPublishedToolKeys(db, new Date())).map((row) => ({
      kid: row.kid,
      publicJwk: row.publicJwk as StoredToolKey['publicJwk'],
      sealedPrivateJwk: row.sealedPrivateJwk,
      createdAt: row.createdAt,
    }));
  if ((await published()).length === 0) {
    await addToolKey(db, await generateToolKey(secret), null);
    log.info('LTI: generated the tool signing key');
  }
  // Keys retired before a restart (or by `pnpm cli lti-rotate-key`) still get deleted in time.
  await queueKeyCleanups(db);
  for (const platform of config.lti.platforms) {
    await upsertLtiPlatform(db, platform);
    log.info(`LTI: platform ${platform.issuer} (client ${platform.clientId}) registered from LTI_PLATFORMS`);
  }
  let cached: { signer: ToolSigner; at: number } | null = null;
  return {
    publicUrl: config.publicUrl,
    keys: createPlatformKeyCache({ cooldownMs: options.jwksCooldownMs }),
    async signer() {
      // Another server may have rotated: the set is read again every minute.
      if (!cached || Date.now() - cached.at > 60_000) {
        cached = { signer: await createToolSigner(secret, await published()), at: Date.now() };
      }
      return cached.signer;
    },
    async rotate() {
      const key = await generateToolKey(secret);
      await addToolKey(db, key, new Date(Date.now() + keyOverlapMs));
      cached = null;
      await queueKeyCleanups(db);
      log.info(`LTI: rotated the tool signing key to ${key.kid}`);
      return key.kid;
    },
    findPlatform: (issuer, clientIds) => findLtiPlatform(db, issuer, clientIds),
  };
}
