import type { EvidenceKind } from '@evident/core/evidence-types';
import type { Logger } from '@evident/core/logger';
import type { AssessmentRecordPdf } from '@evident/core/ports/assessment-record-pdf';
import type {
  ActiveSession,
  Authentication,
  Authenticator,
  PasswordHasher,
  SessionStore,
} from '@evident/core/ports/auth';
import type { EventBus } from '@evident/core/ports/events';
import type { ImageProcessor } from '@evident/core/ports/images';
import type { JobQueue } from '@evident/core/ports/jobs';
import type { LtiKeys } from '@evident/core/ports/lti-keys';
import type { LtiRoster } from '@evident/core/ports/lti-roster';
import type { Mailer } from '@evident/core/ports/mailer';
import type { TrainingRegister } from '@evident/core/ports/register';
import type { SingleSignOn } from '@evident/core/ports/single-sign-on';
import type { ObjectStorage } from '@evident/core/ports/storage';
import type { TaskGenerator } from '@evident/core/ports/task-generator';
import type { ValidationReportPdf } from '@evident/core/ports/validation-report-pdf';
import { isImpersonating, type Principal, type PrincipalPerson } from '@evident/core/principal';
import type { CurrentUser, UserSummary } from '@evident/core/user';
import type { Database } from '@evident/db/client';
import { databaseJsonSlot } from './database-json';
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
  /** The seam: a request's cookie or bearer token in, a Principal out. */
  authenticator: Authenticator;
  passwords: PasswordHasher;
  /** Queues each message as a `mail` job and returns: mail never fails or blocks a request. */
  mailer: Mailer;
  rateLimits: RateLimits;
  register: TrainingRegister;
  taskGenerator: TaskGenerator;
  /** Evidence files: local disk or an S3-compatible bucket. */
  storage: ObjectStorage;
  /** Thumbnails of photos and video posters. */
  images: ImageProcessor;
  /**
   * This process's worker over the `jobs` table (thumbnails, videos, mail, events to publish again):
   * queue a job in the transaction that needs it (db/queries/jobs.ts), then `wake` it after the commit.
   */
  jobs: JobQueue;
  /** Whether this server makes posters and playable copies of videos (ffmpeg found and not turned off). */
  videoProcessing: boolean;
  evidenceLimits: EvidenceLimits;
  log: Logger;
  /** Domain events: publish after the transaction commits (see core/events.ts). */
  events: EventBus;
  /** `open`: a self-registered assessor is approved at once; `approval`: an admin approves them first. */
  assessorSignup: 'open' | 'approval';
  /** `open`: a unit code alone enrols a student (the spec); `invitation`: only a class invitation does. */
  selfEnrol: 'open' | 'invitation';
  /** How long a supervisor's mailed link lasts, in days (`THIRD_PARTY_LINK_DAYS`, default 14). */
  thirdPartyLinkDays: number;
  /** OpenID Connect sign-in (`OIDC_*`); null when not configured. */
  singleSignOn: SingleSignOn | null;
  /**
   * Origin for links we mail: PUBLIC_URL, or (unset) this machine's network address; a request's
   * context holds the address that person reached instead (apps/server/src/mail-origin.ts).
   */
  publicUrl: string;
  /** LMS course rosters (LTI Names and Role Provisioning); absent or null with LTI off. */
  ltiRoster?: LtiRoster | null;
  /** The LTI tool's signing keys (registration links, rotation); null with LTI off. */
  ltiKeys: LtiKeys | null;
  /** Assessment records as PDF (`staff.records.exportPdf`). */
  recordPdf: AssessmentRecordPdf;
  /** Validation rounds' reports as PDF (`admin.validationRounds.exportReport`). */
  validationReportPdf: ValidationReportPdf;
};

/** What a context needs from the transport: who called (as the seam decided), from where, and a way to set the cookie. */
export type RequestMeta = {
  ip: string;
  /** The seam's answer for the request (`Authenticator.authenticate` over its headers), or its promise. */
  authentication: Authentication | Promise<Authentication>;
  /** Where links in mail this request causes point (the address the person reached), if not the default. */
  publicUrl?: string;
  setCookie(value: string): void;
};

export type Context = Services & RequestFields;

/** What a context holds of its own request, beside the server's services. */
type RequestFields = {
  publicUrl: string;
  ip: string;
  setCookie(value: string): void;
  /** Who is calling (packages/auth/src/authenticate.ts), or null when nobody is signed in. */
  principal: Principal | null;
  /** Why presented credentials were refused; every procedure answers 401 with it. */
  authRefusal: string | null;
  /** The browser session behind the principal; null for API tokens. */
  session: ActiveSession | null;
  /** The user the app acts as: the impersonated user while an admin is viewing as them. */
  user: CurrentUser | null;
  /** The person who signed in. Equal to `user` unless impersonating. */
  realUserId: string | null;
  realRole: CurrentUser['role'] | null;
};

/** The context after `authedProcedure`: someone is signed in. */
export type AuthedContext = Context & {
  principal: Principal;
  user: CurrentUser;
  realUserId: string;
  realRole: CurrentUser['role'];
};

/**
 * Written out key by key, and the user's own keys laid on with `Object.assign`, rather than spread:
 * on Node 20 a key added to a spread's copy gives each object a hidden class of its own, some 0.5 µs a
 * key, and every request builds these (docs/ARCHITECTURE.md, "A hot read's path").
 */
const summary = (person: PrincipalPerson): UserSummary => ({
  id: person.id,
  firstName: person.firstName,
  lastName: person.lastName,
  email: person.email,
  profileImageUrl: person.profileImageUrl,
  role: person.role,
});

/** The user as the app and its clients have always seen them, from the principal. */
export function currentUserOf(principal: Principal): CurrentUser {
  const impersonating = isImpersonating(principal);
  return Object.assign(summary(principal.actingAs), {
    isImpersonating: impersonating,
    originalUser: impersonating ? summary(principal.realUser) : null,
    awaitingApproval: !principal.actingAs.approved,
  });
}

function sessionOf(principal: Principal): ActiveSession | null {
  if (principal.proof.kind !== 'session') return null;
  return {
    sessionId: principal.proof.sessionId,
    userId: principal.realUser.id,
    actingAsUserId: isImpersonating(principal) ? principal.actingAs.id : null,
    authMethod: principal.proof.method,
  };
}

/**
 * A context's own keys, empty. A server's services are made with these among them
 * (apps/server/src/services.ts), so that a context, a copy of the services with these set, takes a
 * fraction of a microsecond: V8 copies the services' shape whole and overwrites the values in place.
 * A copy of services without them, which then gained these keys one by one, took some ten
 * microseconds of every request (issue 31 §2). Services made without them still work, only slower.
 */
export const contextSlots: object = {
  ...databaseJsonSlot,
  ip: undefined,
  setCookie: undefined,
  authRefusal: undefined,
  principal: undefined,
  session: undefined,
  user: undefined,
  realUserId: undefined,
  realRole: undefined,
};

/** The context takes the principal as the seam decided it; it reads no credentials of its own. */
export async function createContext(services: Services, meta: RequestMeta): Promise<Context> {
  const { principal, refusal, setCookie } = await meta.authentication;
  if (setCookie) meta.setCookie(setCookie);
  return {
    ...services,
    publicUrl: meta.publicUrl ?? services.publicUrl,
    ip: meta.ip,
    setCookie: meta.setCookie,
    authRefusal: refusal,
    principal,
    session: principal ? sessionOf(principal) : null,
    user: principal ? currentUserOf(principal) : null,
    realUserId: principal ? principal.realUser.id : null,
    realRole: principal ? principal.realUser.role : null,
  };
}
