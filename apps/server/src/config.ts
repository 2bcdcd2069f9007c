import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultEvidenceMaxBytes } from '@evident/core/evidence-types';
import { z } from 'zod';
import { ltiPlatformSchema } from './lti/platform-schema';
import { trustProxySetting } from './trust-proxy';

const flag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');
const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

/** Whole or fractional megabytes (MiB), up to the 5 GB a single S3 PUT can carry. */
const megabytes = z.coerce
  .number({ error: 'must be a number of megabytes' })
  .positive('must be more than 0')
  .max(5 * 1024, 'must be at most 5120 (5 GB)')
  .optional();
/** Minutes, at most the week a presigned S3 URL can live. */
const minutes = z.coerce
  .number({ error: 'must be a number of minutes' })
  .positive('must be more than 0')
  .max(7 * 24 * 60, 'must be at most 10080 (a week)');

/** Whole or fractional seconds, up to an hour. */
const seconds = z.coerce
  .number({ error: 'must be a number of seconds' })
  .positive('must be more than 0')
  .max(3600, 'must be at most 3600 (an hour)');

/** An absolute path to a program; whether it is there is checked at start-up (video processing then stays off). */
const executablePath = optionalText.pipe(
  z.string().regex(/^\//, 'must be an absolute path such as /usr/bin/ffmpeg').optional(),
);

/** Comma-separated origins such as https://lms.example.edu, kept as bare origins. */
const originList = z
  .string()
  .transform((value) => value.split(',').map((entry) => entry.trim()))
  .pipe(
    z.array(
      z.url({
        protocol: /^https?$/,
        error: 'must be origins such as https://lms.example.edu, comma separated',
      }),
    ),
  )
  .transform((urls) => urls.map((url) => new URL(url).origin));

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
    TGA_BASE_URL: optionalText.pipe(
      z.url({ error: 'must be a URL such as https://training.gov.au' }).optional(),
    ),
    TGA_FALLBACK_TO_CATALOGUE: flag.default(false),
    ANTHROPIC_API_KEY: optionalText,
    ANTHROPIC_MODEL: optionalText,
    ANTHROPIC_BASE_URL: optionalText.pipe(z.url({ error: 'must be a URL' }).optional()),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    FILES_SECRET: optionalText.pipe(
      z
        .string()
        .refine((v) => Buffer.byteLength(v) >= 32, 'must be at least 32 bytes (e.g. openssl rand -hex 32)')
        .optional(),
    ),
    S3_BUCKET: optionalText,
    S3_REGION: optionalText,
    S3_ENDPOINT: optionalText.pipe(
      z.url({ protocol: /^https?$/, error: 'must be a URL such as https://s3.example:9000' }).optional(),
    ),
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    S3_FORCE_PATH_STYLE: flag.optional(),
    MAX_IMAGE_MB: megabytes,
    MAX_AUDIO_MB: megabytes,
    MAX_VIDEO_MB: megabytes,
    MAX_DOCUMENT_MB: megabytes,
    UPLOAD_QUOTA_MB: z.coerce
      .number({ error: 'must be a number of megabytes' })
      .positive('must be more than 0')
      .max(1024 * 1024, 'must be at most 1048576 (1 TB)')
      .default(2048),
    UPLOAD_URL_TTL_MINUTES: minutes.default(60),
    VIDEO_UPLOAD_URL_TTL_MINUTES: minutes.default(240),
    DOWNLOAD_URL_TTL_MINUTES: minutes.default(15),
    UPLOAD_SWEEP_INTERVAL_MINUTES: minutes.default(5),
    VIDEO_PROCESSING: flag.default(true),
    FFMPEG_PATH: executablePath,
    FFPROBE_PATH: executablePath,
    BODY_TIMEOUT_SECONDS: seconds.default(30),
    UPLOAD_IDLE_TIMEOUT_SECONDS: seconds.default(60),
    IDLE_CONNECTION_TIMEOUT_SECONDS: seconds.default(120),
    MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1, 'must be at least 1').default(64),
    LTI_PLATFORM_ORIGINS: optionalText.pipe(originList.optional()),
    OIDC_ISSUER: optionalText.pipe(
      z.url({ protocol: /^https?$/, error: 'must be a URL such as https://login.example.org' }).optional(),
    ),
    OIDC_CLIENT_ID: optionalText,
    OIDC_CLIENT_SECRET: optionalText,
    OIDC_NAME: optionalText,
    LTI_ENABLED: flag.default(false),
    LTI_PRIVATE_KEY: optionalText.pipe(
      z
        .string()
        .refine((v) => Buffer.byteLength(v) >= 32, 'must be at least 32 bytes (e.g. openssl rand -hex 32)')
        .optional(),
    ),
    LTI_PLATFORMS: optionalText.pipe(
      z
        .string()
        .transform((value, ctx) => {
          try {
            return JSON.parse(value) as unknown;
          } catch {
            ctx.addIssue({ code: 'custom', message: 'must be a JSON array of platforms' });
            return z.NEVER;
          }
        })
        .pipe(z.array(ltiPlatformSchema, { error: 'must be a JSON array of platforms' }))
        .optional(),
    ),
    ASSESSOR_SIGNUP: z.enum(['open', 'approval'], { error: 'must be open or approval' }).default('approval'),
    SELF_ENROL: z.enum(['open', 'invitation'], { error: 'must be open or invitation' }).default('open'),
  })
  .superRefine((env, ctx) => {
    if (env.S3_BUCKET) {
      for (const name of ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
        if (!env[name])
          ctx.addIssue({ code: 'custom', path: [name], message: `${name} is required with S3_BUCKET` });
      }
    }
    const oidc = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const;
    if (oidc.some((name) => env[name])) {
      for (const name of oidc) {
        if (!env[name])
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message: `${name} is required for single sign-on (set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together)`,
          });
      }
    }
    if (env.OIDC_ISSUER?.startsWith('http:') && !isLoopback(env.OIDC_ISSUER)) {
      ctx.addIssue({
        code: 'custom',
        path: ['OIDC_ISSUER'],
        message: 'OIDC_ISSUER must use https (plain http only on this machine)',
      });
    }
    if (env.LTI_ENABLED && !env.LTI_PRIVATE_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['LTI_PRIVATE_KEY'],
        message: 'LTI_PRIVATE_KEY is required with LTI_ENABLED (e.g. openssl rand -hex 32)',
      });
    }
    if (Boolean(env.INITIAL_ADMIN_EMAIL) !== Boolean(env.INITIAL_ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.INITIAL_ADMIN_EMAIL ? 'INITIAL_ADMIN_PASSWORD' : 'INITIAL_ADMIN_EMAIL'],
        message: 'INITIAL_ADMIN_EMAIL and INITIAL_ADMIN_PASSWORD must be set together',
      });
    }
  });

/** A provider on this machine (a test's, a developer's) may speak plain http; no other may. */
function isLoopback(url: string): boolean {
  const host = new URL(url).hostname;
  return host === 'localhost' || host === '[::1]' || /^127\./.test(host);
}

export type Config = ReturnType<typeof toConfig>;

const mebibytes = (mb: number | undefined) => (mb === undefined ? undefined : Math.floor(mb * 1024 * 1024));

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
    register: { baseUrl: env.TGA_BASE_URL, fallbackToCatalogue: env.TGA_FALLBACK_TO_CATALOGUE },
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
    files: {
      localRootDir: resolve(dataDir, 'files'),
      /**
       * Prefix of the local adapter's signed `/files/...` URLs. Without PUBLIC_URL they are relative
       * ('' here), so they work from whatever address the browser reached the app at (127.0.0.1, a
       * phone on the laptop's network address); an absolute default origin would make every upload
       * cross-origin there, and the browser blocks it.
       */
      linkBaseUrl: env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/, '') : '',
      /** Unset: generated once and kept in DATA_DIR/files-secret (see files-secret.ts). */
      secret: env.FILES_SECRET,
      secretFile: resolve(dataDir, 'files-secret'),
      s3: env.S3_BUCKET
        ? {
            bucket: env.S3_BUCKET,
            region: env.S3_REGION ?? 'us-east-1',
            endpoint: env.S3_ENDPOINT,
            accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
            secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
            forcePathStyle: env.S3_FORCE_PATH_STYLE ?? false,
          }
        : null,
      maxBytes: {
        image: mebibytes(env.MAX_IMAGE_MB) ?? defaultEvidenceMaxBytes.image,
        audio: mebibytes(env.MAX_AUDIO_MB) ?? defaultEvidenceMaxBytes.audio,
        video: mebibytes(env.MAX_VIDEO_MB) ?? defaultEvidenceMaxBytes.video,
        document: mebibytes(env.MAX_DOCUMENT_MB) ?? defaultEvidenceMaxBytes.document,
      },
      /** Bytes one person may hold in uploads not yet recorded as evidence (open grants included). */
      uploadQuotaBytes: Math.floor(env.UPLOAD_QUOTA_MB * 1024 * 1024),
      uploadUrlTtlMs: env.UPLOAD_URL_TTL_MINUTES * 60_000,
      videoUploadUrlTtlMs: env.VIDEO_UPLOAD_URL_TTL_MINUTES * 60_000,
      downloadUrlTtlMs: env.DOWNLOAD_URL_TTL_MINUTES * 60_000,
      sweepIntervalMs: env.UPLOAD_SWEEP_INTERVAL_MINUTES * 60_000,
    },
    slowClients: {
      bodyTimeoutMs: env.BODY_TIMEOUT_SECONDS * 1000,
      uploadIdleTimeoutMs: env.UPLOAD_IDLE_TIMEOUT_SECONDS * 1000,
      idleConnectionTimeoutMs: env.IDLE_CONNECTION_TIMEOUT_SECONDS * 1000,
      maxConnectionsPerAddress: env.MAX_CONNECTIONS_PER_ADDRESS,
    },
    lti: {
      platformOrigins: env.LTI_PLATFORM_ORIGINS ?? [],
      enabled: env.LTI_ENABLED,
      /** Seals the tool's private keys in the database. */
      secret: env.LTI_PRIVATE_KEY ?? '',
      /** Registered (or updated) at every start. */
      platforms: env.LTI_PLATFORMS ?? [],
    },
    /** OpenID Connect single sign-on; null unless OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are set. */
    oidc:
      env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET
        ? {
            issuer: env.OIDC_ISSUER,
            clientId: env.OIDC_CLIENT_ID,
            clientSecret: env.OIDC_CLIENT_SECRET,
            displayName: env.OIDC_NAME ?? 'Single Sign-On',
            allowInsecureRequests: env.OIDC_ISSUER.startsWith('http:'),
          }
        : null,
    /** Who may assess: `approval` (default) holds self-registered assessors until an admin approves them. */
    assessorSignup: env.ASSESSOR_SIGNUP,
    /** How students join units: `open` (default) by unit code, `invitation` only through a class invitation link. */
    selfEnrol: env.SELF_ENROL,
    videoProcessing: {
      enabled: env.VIDEO_PROCESSING,
      ffmpegPath: env.FFMPEG_PATH,
      ffprobePath: env.FFPROBE_PATH,
    },
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
