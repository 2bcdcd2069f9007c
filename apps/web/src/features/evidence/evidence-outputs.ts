import type { AppRouter } from '@evident/api/root';
import type { inferRouterOutputs } from '@trpc/server';

type Outputs = inferRouterOutputs<AppRouter>;

/** A stored evidence file with its signed links, exactly as `student.evidence` returns it. */
export type EvidenceFileView = NonNullable<Outputs['student']['evidence']['submission']>['files'][number];

/** How `student.uploadUrl` says the file may go up in resumable parts. */
export type UploadParts = NonNullable<Outputs['student']['uploadUrl']['parts']>;
