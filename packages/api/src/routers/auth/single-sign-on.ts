import { AppError } from '@evident/core/errors';
import type { SsoClaims } from '@evident/core/ports/single-sign-on';
import { fullName } from '@evident/core/user';
import { recordAudit } from '@evident/db/queries/audit';
import {
  findIdentity,
  linkIdentity,
  setSessionAuthMethod,
  touchIdentity,
} from '@evident/db/queries/identities';
import { findUserByEmail, findUserById, insertUser, type UserRow } from '@evident/db/queries/users';
import type { Context } from '../../context';
import { deactivatedMessage } from './sign-in';

export const unverifiedEmailMessage =
  'An account with this email already exists. Sign in with your password; your provider has not confirmed this email address.';

export const staffLinkMessage =
  'An Evident staff account already uses this email. Sign in with your password first, then choose single sign-on again to link it to your account.';

const otherAccountMessage = (email: string) =>
  `Your sign-in provider's account uses ${email}, which is not the email of the account you are signed in to. Sign out first to sign in as someone else, or link a provider account that uses your own email.`;

/**
 * A verified email vouches for a student's account; an assessor's or admin's sees other people's
 * evidence, so a provider alone never opens one: the person proves it is theirs by signing in with
 * their password first, and the provider's identity is linked to that signed-in account.
 */
function confirmedByPassword(ctx: Context, user: UserRow): boolean {
  if (user.role === 'student') return true;
  const principal = ctx.principal;
  return (
    principal?.proof.kind === 'session' &&
    principal.proof.method === 'password' &&
    principal.realUser.id === user.id &&
    principal.actingAs.id === user.id
  );
}

function refuse(ctx: Context, claims: SsoClaims, reason: string, user?: UserRow) {
  return recordAudit(ctx.db, {
    actorId: null,
    action: 'sign-in.failure',
    subjectId: user?.id,
    detail: {
      method: 'oidc',
      issuer: claims.issuer,
      subject: claims.subject,
      email: claims.email,
      ip: ctx.ip,
      reason,
      ...(user ? { subjectName: fullName(user) } : {}),
    },
  });
}

/** A person the provider vouches for, new here: a student, named as the provider names them. */
async function createFromProvider(ctx: Context, claims: SsoClaims & { email: string }) {
  const localPart = claims.email.split('@')[0] ?? 'New';
  return insertUser(ctx.db, {
    firstName: claims.firstName ?? localPart,
    lastName: claims.lastName ?? '',
    email: claims.email,
    role: 'student',
    passwordHash: null,
  });
}

/**
 * Finds or makes the person behind a verified id token: by the provider's identity (issuer and
 * subject); else by an email the provider says it verified, linking the identity to that person (a
 * staff account only while its owner is signed in with their password); else a new student, unless
 * someone is signed in (then it names them or nobody). An unverified email never reaches an existing
 * account, and a deactivated person is refused. Then a session starts, marked as begun through OpenID Connect.
 */
export async function signInWithProvider(ctx: Context, claims: SsoClaims) {
  const key = { kind: 'oidc' as const, issuer: claims.issuer, subject: claims.subject };
  const now = new Date();
  const identity = await findIdentity(ctx.db, key);
  let user = identity ? await findUserById(ctx.db, identity.userId) : undefined;
  let linked = false;
  if (!user) {
    if (!claims.email) {
      await refuse(ctx, claims, 'no email');
      throw new AppError(
        'BAD_REQUEST',
        'Your provider did not share an email address, so no account can be found or made',
      );
    }
    const existing = await findUserByEmail(ctx.db, claims.email);
    if (existing && !claims.emailVerified) {
      await refuse(ctx, claims, 'unverified email matches an existing account', existing);
      throw new AppError('CONFLICT', unverifiedEmailMessage);
    }
    // Signed in already (linking from the account page): the provider's new identity names this
    // person or nobody, never a new account the browser silently switches to.
    const signedIn = ctx.principal?.realUser;
    if (signedIn && existing?.id !== signedIn.id) {
      await refuse(ctx, claims, 'provider email is not the signed-in account', existing);
      throw new AppError('CONFLICT', otherAccountMessage(claims.email));
    }
    if (existing && !confirmedByPassword(ctx, existing)) {
      await refuse(ctx, claims, 'staff account not confirmed by password', existing);
      throw new AppError('CONFLICT', staffLinkMessage);
    }
    user = existing ?? (await createFromProvider(ctx, { ...claims, email: claims.email }));
    if (!user)
      throw new AppError('CONFLICT', 'An account with this email was created a moment ago; please try again');
    linked = true;
  }
  if (user.deactivatedAt) {
    await refuse(ctx, claims, 'deactivated', user);
    throw new AppError('FORBIDDEN', deactivatedMessage);
  }
  if (linked) {
    await linkIdentity(ctx.db, { ...key, userId: user.id, email: claims.email });
    await recordAudit(ctx.db, {
      actorId: user.id,
      action: 'sso.link',
      subjectId: user.id,
      detail: {
        issuer: claims.issuer,
        subject: claims.subject,
        email: claims.email,
        actorName: fullName(user),
      },
    });
    await ctx.events.publish({ type: 'user.changed', userId: user.id });
  } else if (identity) {
    await touchIdentity(ctx.db, identity.id, now);
  }
  if (ctx.session) await ctx.sessions.invalidate(ctx.session.sessionId);
  const { session, cookie } = await ctx.sessions.create(user.id);
  await setSessionAuthMethod(ctx.db, { sessionId: session.sessionId, authMethod: 'oidc' });
  ctx.setCookie(cookie);
  await recordAudit(ctx.db, {
    actorId: user.id,
    action: 'sign-in.success',
    subjectId: user.id,
    detail: { method: 'oidc', issuer: claims.issuer, ip: ctx.ip, actorName: fullName(user) },
  });
  return { userId: user.id };
}
