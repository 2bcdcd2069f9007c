import type { EvidenceKind } from '@evident/core/evidence-types';
import type { Logger } from '@evident/core/logger';
import type { ActiveSession, PasswordHasher, SessionStore } from '@evident/core/ports/auth';
import type { EventBus } from '@evident/core/ports/events';
import type { ImageProcessor, ThumbnailQueue } from '@evident/core/ports/images';
import type { Mailer } from '@evident/core/ports/mailer';
import type { TrainingRegister } from '@evident/core/ports/register';
import type { SingleSignOn } from '@evident/core/ports/single-sign-on';
import type { ObjectStorage } from '@evident/core/ports/storage';
import type { TaskGenerator } from '@evident/core/ports/task-generator';
import type { VideoQueue } from '@evident/core/ports/video';
import { type CurrentUser, isAwaitingApproval } from '@evident/core/user';
import type { Database } from '@evident/db/client';
import { findUserById, toUserSummary } from '@evident/db/queries/users';
import type { RateLimits } from './rate-limits';

/** The server's configuration for evidence uploads and links. */
export type EvidenceLimits = {
  /** Largest upload per kind of file, in bytes. */
  maxBytes: Readonly<Record<EvidenceKind, number>>;
  /** How long an upload URL stays valid; video gets longer, since a big file on a slow phone takes a while. */
  uploadUrlTtlMs: number;
  videoUploadUrlTtlMs: number;
  /** How long a download URL stays valid. */
  downloadUrlTtlMs: number;
  /**
   * Suggested part size when the store takes resumable uploads in parts on its upload URL (the local
   * adapter's protocol, documented in packages/storage/src/local-disk.ts); null otherwise. A store
   * that keeps parts itself (S3) offers them through `storage.multipart` instead.
   */
  partSize: number | null;
  maxParts: number;
  /** Bytes one person may hold in uploads not yet recorded as evidence (rules/upload-quota.ts). */
  uploadQuotaBytes: number;
};

/** The adapters a request may use. Only apps/server constructs them. */
export type Services = {
  db: Database;
  sessions: SessionStore;
  passwords: PasswordHasher;
  mailer: Mailer;
  rateLimits: RateLimits;
  register: TrainingRegister;
  taskGenerator: TaskGenerator;
  /** Evidence files: local disk or an S3-compatible bucket. */
  storage: ObjectStorage;
  /** Thumbnails of photos and video posters. */
  images: ImageProcessor;
  /** Makes photos' thumbnails in the background, one at a time. */
  thumbnails: ThumbnailQueue;
  /** Poster frames and playable copies of videos, made in the background; null when ffmpeg is not there. */
  videos: VideoQueue | null;
  evidenceLimits: EvidenceLimits;
  log: Logger;
  /** Domain events: publish after the transaction commits (see core/events.ts). */
  events: EventBus;
  /** `open`: a self-registered assessor is approved at once; `approval`: an admin approves them first. */
  assessorSignup: 'open' | 'approval';
  /** OpenID Connect sign-in (`OIDC_*`); null when not configured. */
  singleSignOn: SingleSignOn | null;
  /** Origin the app is reached at, used in links we mail: https://evident.example */
  publicUrl: string;
};

export type RequestMeta = {
  ip: string;
  /** Value of the session cookie, if the request carried one. */
  sessionId: string | null;
  setCookie(value: string): void;
};

export type Context = Services & {
  ip: string;
  setCookie(value: string): void;
  session: ActiveSession | null;
  /** The user the app acts as: the impersonated user while an admin is viewing as them. */
  user: CurrentUser | null;
  /** The person who signed in. Equal to `user` unless impersonating. */
  realUserId: string | null;
  realRole: CurrentUser['role'] | null;
};

/** The context after `authedProcedure`: someone is signed in. */
export type AuthedContext = Context & {
  session: ActiveSession;
  user: CurrentUser;
  realUserId: string;
  realRole: CurrentUser['role'];
};

async function loadUsers(db: Database, session: ActiveSession) {
  const real = await findUserById(db, session.userId);
  if (!real) return null;
  const realSummary = toUserSummary(real);
  const acting =
    session.actingAsUserId && real.role === 'rto_admin'
      ? await findUserById(db, session.actingAsUserId)
      : undefined;
  const user: CurrentUser = acting
    ? {
        ...toUserSummary(acting),
        isImpersonating: true,
        originalUser: realSummary,
        awaitingApproval: isAwaitingApproval(acting),
      }
    : {
        ...realSummary,
        isImpersonating: false,
        originalUser: null,
        awaitingApproval: isAwaitingApproval(real),
      };
  return { user, realRole: real.role };
}

export async function createContext(services: Services, meta: RequestMeta): Promise<Context> {
  const base = { ...services, ip: meta.ip, setCookie: meta.setCookie };
  if (!meta.sessionId) return { ...base, session: null, user: null, realUserId: null, realRole: null };
  const { session, cookie } = await services.sessions.validate(meta.sessionId);
  if (cookie) meta.setCookie(cookie);
  const loaded = session ? await loadUsers(services.db, session) : null;
  if (!session || !loaded) return { ...base, session: null, user: null, realUserId: null, realRole: null };
  return { ...base, session, user: loaded.user, realUserId: session.userId, realRole: loaded.realRole };
}
