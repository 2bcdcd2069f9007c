import { listOutbox } from '@evident/mail/outbox-reader';
import type { TestEnv } from './harness';

/**
 * The reset links mailed to `email`, newest first, once there are at least `count`. The mail is queued
 * after forgot-password answered and sent as a job: on a loaded machine that can take a few seconds,
 * so this looks again after each round of the job worker, for up to 15 s.
 */
export async function resetLinksFor(env: TestEnv, email: string, count = 1): Promise<URL[]> {
  for (let attempt = 0; attempt < 300; attempt++) {
    await env.services.jobs.idle();
    const links = listOutbox(env.config.mail.outboxDir)
      .filter((m) => m.to === email && m.subject.includes('Reset'))
      .map((m) => m.text.match(/https?:\/\/\S+reset-password\?token=\S+/)?.[0])
      .filter((link) => link !== undefined)
      .map((link) => new URL(link));
    if (links.length >= count) return links;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`fewer than ${count} reset mails for ${email}`);
}

/** The newest reset link mailed to `email`. */
export async function resetLinkFor(env: TestEnv, email: string): Promise<URL> {
  const [newest] = await resetLinksFor(env, email);
  if (!newest) throw new Error(`no reset mail for ${email}`);
  return newest;
}

/** The newest mail to `to` whose subject holds `subject`, once the job worker has sent it. */
export async function newestMailTo(env: TestEnv, to: string, subject: string) {
  for (let attempt = 0; attempt < 300; attempt++) {
    await env.services.jobs.idle();
    const found = listOutbox(env.config.mail.outboxDir).filter(
      (m) => m.to === to && m.subject.includes(subject),
    );
    if (found.length > 0) return found[found.length - 1];
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no "${subject}" mail for ${to}`);
}
