import { listOutbox } from '@evident/mail/outbox-reader';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv } from './harness';
import { cookieJar, type LtiEnv, startLtiEnv } from './lti/lti-harness';

// Issue 28, item 9: a new assessor waits for approval and sees no evidence until then, but no admin
// was told. Every active admin is mailed, with the account, whether they signed up or an LMS made them.

const lti = 'https://purl.imsglobal.org/spec/lti/claim/';
const instructor = 'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor';

let env: LtiEnv;
let admins: { email: string; firstName: string }[];
let deactivatedAdmin: string;
beforeAll(async () => {
  env = await startLtiEnv();
  const first = await env.signedIn('rto_admin', { firstName: 'Ada' });
  const second = await env.signedIn('rto_admin', { firstName: 'Bea' });
  const gone = await env.signedIn('rto_admin', { firstName: 'Gone' });
  await (await first.caller()).admin.users.deactivate({ userId: gone.user.id });
  admins = [first.user, second.user];
  deactivatedAdmin = gone.user.email;
});
afterAll(async () => {
  await env?.close();
});

const waitingMailsAbout = async (name: string) => {
  await env.services.jobs.idle();
  return listOutbox(env.config.mail.outboxDir).filter(
    (mail) => mail.subject === `${name} is waiting for approval as an assessor`,
  );
};

describe('every active admin is mailed when a new assessor waits for approval', () => {
  it('an assessor signing up: one mail to each active admin, naming them, with a link to Users Management', async () => {
    await (await env.browser().caller()).auth.accounts.register({
      firstName: 'Wanda',
      lastName: 'Waiting',
      email: 'wanda@example.com',
      password: 'a long enough password',
      role: 'assessor',
    });
    const mails = await waitingMailsAbout('Wanda Waiting');
    expect(mails.map((mail) => mail.to).sort()).toEqual(admins.map((admin) => admin.email).sort());
    expect(mails.some((mail) => mail.to === deactivatedAdmin)).toBe(false);
    const toAda = mails.find((mail) => mail.to === admins[0]?.email);
    expect(toAda?.text).toContain('Hi Ada,');
    expect(toAda?.text).toContain(
      'Wanda Waiting (wanda@example.com) has signed up to Evident as an assessor and is waiting for your approval.',
    );
    expect(toAda?.text).toContain("they cannot see or grade any student's evidence");
    expect(toAda?.text).toContain(`Open Users Management: ${env.publicUrl}/admin/users`);
  });

  it('a student signing up tells no admin anything', async () => {
    await (await env.browser().caller()).auth.accounts.register({
      firstName: 'Stu',
      lastName: 'Dent',
      email: 'stu@example.com',
      password: 'a long enough password',
    });
    expect(await waitingMailsAbout('Stu Dent')).toEqual([]);
  });

  it('a teacher an LMS launch makes, waiting for approval, is told of with the course', async () => {
    await env.launch(cookieJar(), {
      claims: {
        sub: 'mail-new-teacher',
        given_name: 'Theo',
        family_name: 'Teacher',
        email: 'theo@school.example',
        [`${lti}roles`]: [instructor],
        [`${lti}context`]: { id: 'course-mail', label: 'MAIL', title: 'Mail course' },
      },
    });
    const mails = await waitingMailsAbout('Theo Teacher');
    expect(mails).toHaveLength(admins.length);
    expect(mails[0]?.text).toContain(
      'Theo Teacher (theo@school.example) opened Evident as a teacher from your learning management system (Mail course) and is waiting for your approval as an assessor.',
    );
    // Launching again is not new: nobody is told twice.
    await env.launch(cookieJar(), { claims: { sub: 'mail-new-teacher', [`${lti}roles`]: [instructor] } });
    expect(await waitingMailsAbout('Theo Teacher')).toHaveLength(admins.length);
  });
});

describe('no admin is mailed when nobody waits', () => {
  it('under ASSESSOR_SIGNUP=open an assessor is approved at once, and no mail goes out', async () => {
    const open = await createTestEnv({ env: { ASSESSOR_SIGNUP: 'open' } });
    try {
      const admin = await open.signedIn('rto_admin');
      await (await open.browser().caller()).auth.accounts.register({
        firstName: 'Otto',
        lastName: 'Open',
        email: 'otto@example.com',
        password: 'a long enough password',
        role: 'assessor',
      });
      await open.services.jobs.idle();
      const toAdmin = listOutbox(open.config.mail.outboxDir).filter((mail) => mail.to === admin.user.email);
      expect(toAdmin).toEqual([]);
    } finally {
      await open.close();
    }
  });
});
