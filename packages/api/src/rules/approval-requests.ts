import { fullName } from '@evident/core/user';
import type { Database } from '@evident/db/client';
import { enqueueJobs } from '@evident/db/queries/jobs';
import { listActiveAdmins } from '@evident/db/queries/users';
import { mailJob } from '../jobs/mail-job';

/** An address an LMS launch made up for a person the platform gave none: no one reads it. */
const madeUpAddress = (email: string) => email.endsWith('@lti.invalid');

/**
 * Tells every active admin that a new assessor waits for approval (until then they see no evidence,
 * and nobody would know to look). Queued in the transaction that made the account, so the account
 * and the mails commit together; wake the job queue after the commit.
 */
export async function queueApprovalRequests(
  tx: Database,
  request: {
    assessor: { firstName: string; lastName: string; email: string };
    via: 'sign-up' | 'lms';
    course?: string | null;
    /** The app's origin, for the link to Users Management. */
    appUrl: string;
  },
): Promise<number> {
  const admins = await listActiveAdmins(tx);
  const { assessor } = request;
  const usersUrl = `${request.appUrl.replace(/\/+$/, '')}/admin/users`;
  const queued = await enqueueJobs(
    tx,
    admins.map((admin) =>
      mailJob({
        kind: 'assessor-waiting',
        to: admin.email,
        firstName: admin.firstName,
        assessor: { name: fullName(assessor), email: madeUpAddress(assessor.email) ? null : assessor.email },
        via: request.via,
        course: request.course ?? null,
        usersUrl,
      }),
    ),
  );
  return queued.length;
}
