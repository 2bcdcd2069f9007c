import type { AppRouter } from '@evident/api/root';
import type { inferRouterOutputs } from '@trpc/server';

type ReportsOutputs = inferRouterOutputs<AppRouter>['reports'];
export type MatrixView = ReportsOutputs['evidenceMatrix']['get'];
export type MatrixStudent = MatrixView['students'][number];
export type MatrixTask = MatrixView['tasks'][number];
export type MatrixUnit = MatrixView['units'][number];
export type MatrixSubmissionView = ReportsOutputs['submissions']['get'];
