import { createCipheriv, createDecipheriv, createHash, randomBytes, randomUUID } from 'node:crypto';
import { createLocalJWKSet, exportJWK, importJWK, type JWK, type JWTPayload, jwtVerify, SignJWT } from 'jose';

/** A tool key as stored: the public JWK in the clear, the private one sealed with LTI_PRIVATE_KEY. */
export type StoredToolKey = { kid: string; publicJwk: JWK; sealedPrivateJwk: string; createdAt: Date };

const sealingKey = (secret: string) => createHash('sha256').update(secret).digest();

/** AES-256-GCM under a key derived from the LTI_PRIVATE_KEY setting: a database dump alone signs nothing. */
export function seal(secret: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(secret), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.');
}

export function unseal(secret: string, sealed: string): string {
  const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !body) throw new Error('Malformed sealed key');
  const decipher = createDecipheriv('aes-256-gcm', sealingKey(secret), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
}

/** A new RS256 key pair for the tool, ready to store. */
export async function generateToolKey(secret: string): Promise<Omit<StoredToolKey, 'createdAt'>> {
  const { generateKeyPair } = await import('jose');
  const pair = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });
  const kid = randomUUID();
  const publicJwk = { ...(await exportJWK(pair.publicKey)), kid, alg: 'RS256', use: 'sig' };
  const privateJwk = { ...(await exportJWK(pair.privateKey)), kid, alg: 'RS256' };
  return { kid, publicJwk, sealedPrivateJwk: seal(secret, JSON.stringify(privateJwk)) };
}

export type ToolSigner = {
  /** The public JWKS: every key not yet retired. */
  jwks(): { keys: JWK[] };
  /** Signs claims with the newest key (RS256, its kid in the header). */
  sign(
    claims: Record<string, unknown>,
    options: { expiresIn: string; audience?: string | string[]; issuer?: string },
  ): Promise<string>;
  /** Checks a token this tool signed for itself (the deep-link chooser's request); null when not valid. */
  verifyOwn(token: string, audience: string): Promise<JWTPayload | null>;
};

/** The signer over the published keys; the newest signs. */
export async function createToolSigner(secret: string, keys: StoredToolKey[]): Promise<ToolSigner> {
  const newest = [...keys].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
  if (!newest) throw new Error('No LTI tool key');
  const privateJwk = JSON.parse(unseal(secret, newest.sealedPrivateJwk)) as JWK;
  const privateKey = await importJWK(privateJwk, 'RS256');
  const ownKeys = createLocalJWKSet({ keys: keys.map((key) => key.publicJwk) });
  return {
    jwks: () => ({ keys: keys.map((key) => key.publicJwk) }),
    async sign(claims, options) {
      let jwt = new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: newest.kid, typ: 'JWT' })
        .setIssuedAt()
        .setJti(randomUUID())
        .setExpirationTime(options.expiresIn);
      if (options.audience) jwt = jwt.setAudience(options.audience);
      if (options.issuer) jwt = jwt.setIssuer(options.issuer);
      return jwt.sign(privateKey);
    },
    async verifyOwn(token, audience) {
      try {
        const { payload } = await jwtVerify(token, ownKeys, {
          audience,
          issuer: audience,
          algorithms: ['RS256'],
        });
        return payload;
      } catch {
        return null;
      }
    },
  };
}
