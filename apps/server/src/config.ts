import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { flag, optionalText } from './config-fields';
import { checkFilesEnv, filesConfig, filesEnv, videoProcessingConfig } from './config-files';
import { registerConfig, registerEnv } from './config-register';
import { checkSignInEnv, ltiConfig, oidcConfig, signInEnv } from './config-sign-in';
import { slowClientsConfig, slowClientsEnv } from './config-slow-clients';
import { trustProxySetting } from './trust-proxy';

// The variables keep the order they have always had: a start-up with several wrong ones lists them so.
const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: optionalText.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
        .optional(),
    ),
    PUBLIC_URL: optionalText.pipe(
      z.url({ error: 'must be a URL such as https://evident.example' }).optional(),
    ),
    TRUST_PROXY: trustProxySetting,
    SEED_DEMO: flag.optional(),
    INITIAL_ADMIN_EMAIL: optionalText.pipe(z.email({ error: 'must be an email address' }).optional()),
    INITIAL_ADMIN_PASSWORD: optionalText.pipe(z.string().min(8, 'must be at least 8 characters').optional()),
    SMTP_URL: optionalText.pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
        .optional(),
    ),
    MAIL_FROM: z.string().default('Evident <no-reply@evident.local>'),
    WEB_DIST_DIR: optionalText,
    ...registerEnv.shape,
    ANTHROPIC_API_KEY: optionalText,
    ANTHROPIC_MODEL: optionalText,
    ANTHROPIC_BASE_URL: optionalText.pipe(z.url({ error: 'must be a URL' }).optional()),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    ...filesEnv.shape,
    ...slowClientsEnv.shape,
    ...signInEnv.shape,
    ASSESSOR_SIGNUP: z.enum(['open', 'approval'], { error: 'must be open or approval' }).default('approval'),
    SELF_ENROL: z.enum(['open', 'invitation'], { error: 'must be open or invitation' }).default('open'),
    THIRD_PARTY_LINK_DAYS: z.coerce
      .number({ error: 'must be a whole number of days' })
      .int('must be a whole number of days')
      .min(1, 'must be at least 1 day')
      .max(90, 'must be at most 90 days')
      .default(14),
  })
  .superRefine((env, ctx) => {
    checkFilesEnv(env, ctx);
    checkSignInEnv(env, ctx);
    if (Boolean(env.INITIAL_ADMIN_EMAIL) !== Boolean(env.INITIAL_ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.INITIAL_ADMIN_EMAIL ? 'INITIAL_ADMIN_PASSWORD' : 'INITIAL_ADMIN_EMAIL'],
        message: 'INITIAL_ADMIN_EMAIL and INITIAL_ADMIN_PASSWORD must be set together',
      });
    }
  });

export type Config = ReturnType<typeof toConfig>;

function toConfig(env: z.infer<typeof envSchema>) {
  const dataDir = resolve(env.DATA_DIR);
  const embedded = !env.DATABASE_URL;
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    database: env.DATABASE_URL
      ? ({ kind: 'postgres', url: env.DATABASE_URL } as const)
      : ({ kind: 'pglite', dataDir: resolve(dataDir, 'pglite') } as const),
    /** Origin for links that leave the browser (mail): PUBLIC_URL, or this machine's own name. */
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    /** PUBLIC_URL unset: the app answers at whatever address it is reached. */
    publicUrlIsDefault: !env.PUBLIC_URL,
    trustProxy: env.TRUST_PROXY,
    // Demo accounts belong on a laptop's embedded database, never silently on a real server.
    seedDemo: env.SEED_DEMO ?? embedded,
    initialAdmin:
      env.INITIAL_ADMIN_EMAIL && env.INITIAL_ADMIN_PASSWORD
        ? { email: env.INITIAL_ADMIN_EMAIL, password: env.INITIAL_ADMIN_PASSWORD }
        : undefined,
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, outboxDir: resolve(dataDir, 'outbox') },
    register: registerConfig(env),
    taskGeneration: {
      anthropicApiKey: env.ANTHROPIC_API_KEY,
      anthropicModel: env.ANTHROPIC_MODEL,
      anthropicBaseUrl: env.ANTHROPIC_BASE_URL,
    },
    webDistDir: env.WEB_DIST_DIR
      ? resolve(env.WEB_DIST_DIR)
      : // apps/web/dist, from the sources (src/) and from the bundle (dist/) alike.
        fileURLToPath(new URL('../../web/dist', import.meta.url)),
    logLevel: env.LOG_LEVEL,
    files: filesConfig(env, dataDir),
    slowClients: slowClientsConfig(env),
    lti: ltiConfig(env),
    /** OpenID Connect single sign-on; null unless OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are set. */
    oidc: oidcConfig(env),
    /** Who may assess: `approval` (default) holds self-registered assessors until an admin approves them. */
    assessorSignup: env.ASSESSOR_SIGNUP,
    /** How students join units: `open` (default) by unit code, `invitation` only through a class invitation link. */
    selfEnrol: env.SELF_ENROL,
    /** How long a supervisor's mailed link for a third-party report works (issue 30 §1), in days. */
    thirdPartyLinkDays: env.THIRD_PARTY_LINK_DAYS,
    videoProcessing: videoProcessingConfig(env),
  };
}

export class ConfigError extends Error {}

/** Reads the environment once; every problem is reported with the variable's name. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      return issue.message.includes(name) ? issue.message : `${name} ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  return toConfig(result.data);
}
