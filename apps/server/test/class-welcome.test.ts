import { auditEvents, passwordResetTokens, users } from '@evident/db/schema';
import { buildTask, buildUnit } from '@evident/db/testing/factories';
import { listOutbox } from '@evident/mail/outbox-reader';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, type TestEnv } from './harness';
import { resetLinkFor } from './mail-fixtures';
import { refusal } from './refusal';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(async () => {
  await env.close();
});

/** The invitation mails sent to `to`, newest first, once there are at least `count`. */
async function invitationsTo(to: string, count = 1) {
  for (let attempt = 0; attempt < 300; attempt++) {
    await env.services.jobs.idle();
    const found = listOutbox(env.config.mail.outboxDir).filter(
      (m) => m.to === to && m.subject.includes('invited you to'),
    );
    if (found.length >= count) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`fewer than ${count} invitation mails for ${to}`);
}

const tokenOf = (text: string) => {
  const link = text.match(/https?:\/\/\S+\/welcome\?token=\S+/)?.[0];
  if (!link) throw new Error(`no welcome link in:\n${text}`);
  return new URL(link).searchParams.get('token') ?? '';
};

let counter = 0;
/** A class of two units, and a new person invited to it by email by Ada Admin: their mail's token. */
async function invite() {
  counter += 1;
  const admin = await env.signedIn('rto_admin', { firstName: 'Ada', lastName: 'Admin' });
  const first = await buildUnit(env.db, { title: 'Work safely at heights' });
  const second = await buildUnit(env.db, { title: 'Operate a forklift' });
  await buildTask(env.db, { unitId: first.id, title: 'Inspect the harness' });
  await buildTask(env.db, { unitId: second.id, title: 'Check the forklift' });
  const caller = await admin.caller();
  const klass = await caller.admin.classes.create({
    name: `Welcome cohort ${counter}`,
    unitIds: [first.id, second.id],
  });
  const email = `wendy.welcome${counter}@example.com`;
  await caller.admin.classes.addStudents({ id: klass.id, emails: [`Wendy Welcome <${email}>`] });
  const [mail] = await invitationsTo(email);
  if (!mail) throw new Error('no invitation');
  return { klass, units: [first, second], email, mail, token: tokenOf(mail.text) };
}

/** Fifteen days on: the person's links have expired. */
async function expire(email: string) {
  const [person] = await env.db.select().from(users).where(eq(users.email, email));
  await env.db
    .update(passwordResetTokens)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(passwordResetTokens.userId, person?.id ?? ''));
}

describe('the invitation mail', () => {
  it('invites to the class by name, names who invited, lists the units and links to the welcome screen', async () => {
    const { klass, units, mail } = await invite();
    expect(mail.subject).toBe(`Ada Admin invited you to ${klass.name} on Evident`);
    expect(mail.text).toContain(`Ada Admin has invited you to ${klass.name} on Evident`);
    for (const unit of units) expect(mail.text).toContain(`${unit.unitCode} ${unit.title}`);
    expect(mail.text).toMatch(/http:\/\/evident\.test\/welcome\?token=/);
    expect(mail.text).not.toContain('reset-password');
  });
});

describe('the welcome screen', () => {
  it('shows the class, its units and who invited the student, without spending the link', async () => {
    const { klass, units, email, token } = await invite();
    const visitor = await env.browser().caller();
    const expected = {
      firstName: 'Wendy',
      email,
      className: klass.name,
      invitedBy: 'Ada Admin',
      units: units
        .map((unit) => ({ id: unit.id, unitCode: unit.unitCode, title: unit.title }))
        .sort((a, b) => a.unitCode.localeCompare(b.unitCode)),
    };
    expect(await visitor.invitation.welcome.get({ token })).toEqual(expected);
    expect(await visitor.invitation.welcome.get({ token })).toEqual(expected);
  });

  it('signs the student in once they choose a password, with the class units on their dashboard', async () => {
    const { klass, units, email, token } = await invite();
    const browser = env.browser();
    // The reset's rules: the caller is refused before the link is looked at, and it stays unspent.
    expect(
      await refusal((await browser.caller()).invitation.welcome.setPassword({ token, password: 'short' })),
    ).toMatch(/^BAD_REQUEST: .*Password must be at least 8 characters/s);

    const welcomed = await (await browser.caller()).invitation.welcome.setPassword({
      token,
      password: 'wendy chooses this',
    });
    expect(welcomed.user).toMatchObject({ email, firstName: 'Wendy', role: 'student' });
    expect(welcomed.units.map((unit) => unit.id).sort()).toEqual(units.map((unit) => unit.id).sort());
    // The browser now holds a session: it is signed in, and sees the class's tasks.
    const signedIn = await browser.caller();
    expect(await signedIn.auth.session.get()).toMatchObject({ email, isImpersonating: false });
    const tasks = await signedIn.student.tasks.list();
    expect(tasks.map((task) => task.title).sort()).toEqual(['Check the forklift', 'Inspect the harness']);
    // The password works from anywhere else too.
    await (await env.browser().caller()).auth.session.login({ email, password: 'wendy chooses this' });

    const [person] = await env.db.select().from(users).where(eq(users.email, email));
    const audit = await env.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.subjectId, person?.id ?? ''));
    expect(audit.find((row) => row.action === 'password.reset')?.detail).toMatchObject({
      via: 'invitation',
      className: klass.name,
    });
    expect(audit.filter((row) => row.action === 'sign-in.success').map((row) => row.detail)).toEqual(
      expect.arrayContaining([expect.objectContaining({ method: 'invitation' })]),
    );
  });

  it('refuses a used, an expired or a made-up link with a 4xx that says which', async () => {
    const used = await invite();
    const visitor = await env.browser().caller();
    await visitor.invitation.welcome.setPassword({ token: used.token, password: 'first choice here' });
    const usedMessage =
      'BAD_REQUEST: This invitation link has already been used to choose a password. Sign in with that password, or ask for a new link.';
    expect(await refusal(visitor.invitation.welcome.get({ token: used.token }))).toBe(usedMessage);
    expect(
      await refusal(visitor.invitation.welcome.setPassword({ token: used.token, password: 'second choice' })),
    ).toBe(usedMessage);
    await (await env.browser().caller()).auth.session.login({
      email: used.email,
      password: 'first choice here',
    });

    const expired = await invite();
    await expire(expired.email);
    const expiredMessage =
      'BAD_REQUEST: This invitation link has expired. Ask for a new one and we will email it to you.';
    expect(await refusal(visitor.invitation.welcome.get({ token: expired.token }))).toBe(expiredMessage);
    expect(
      await refusal(
        visitor.invitation.welcome.setPassword({ token: expired.token, password: 'too late now' }),
      ),
    ).toBe(expiredMessage);

    expect(await refusal(visitor.invitation.welcome.get({ token: 'made-up-token' }))).toBe(
      'NOT_FOUND: This invitation link is not valid. Check that you opened the whole link from your email.',
    );
  });
});

describe('asking for a new link', () => {
  it('mails a fresh invitation for an expired link, a reset for a used one, and answers alike for a made-up one', async () => {
    const expired = await invite();
    await expire(expired.email);
    const visitor = await env.browser().caller();
    const answer = await visitor.invitation.welcome.requestLink({ token: expired.token });
    expect(answer.message).toBe(
      'If this link came from us, a new one is on its way to the email address it was sent to.',
    );
    expect(await visitor.invitation.welcome.requestLink({ token: 'made-up-token' })).toEqual(answer);

    const [fresh] = await invitationsTo(expired.email, 2);
    const token = tokenOf(fresh?.text ?? '');
    expect(await visitor.invitation.welcome.get({ token })).toMatchObject({
      className: expired.klass.name,
      invitedBy: 'Ada Admin',
    });
    await visitor.invitation.welcome.setPassword({ token, password: 'fresh link works' });

    // Now that the student has a password, a new link for the old one is a password reset.
    await visitor.invitation.welcome.requestLink({ token });
    const reset = await resetLinkFor(env, expired.email);
    expect(reset.pathname).toBe('/reset-password');
  });
});
