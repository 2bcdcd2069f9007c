import type { AppRouter } from '@evident/api/root';
import type { inferRouterOutputs } from '@trpc/server';

type Outputs = inferRouterOutputs<AppRouter>;

/** A file of the student's own submission, as `student.evidence.list` returns it: with `canWithdraw`. */
export type StudentEvidenceFile = NonNullable<
  Outputs['student']['evidence']['list']['submission']
>['files'][number];

/** A stored evidence file with its signed links, as every evidence view returns it. */
export type EvidenceFileView = Omit<StudentEvidenceFile, 'canWithdraw' | 'withdrawRefusal'>;

/** How `student.evidence.requestUploadUrl` says the file may go up in resumable parts. */
export type UploadParts = NonNullable<Outputs['student']['evidence']['requestUploadUrl']['parts']>;
