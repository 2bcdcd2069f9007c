import type { AppRouter } from '@evident/api/root';
import type { inferRouterOutputs } from '@trpc/server';

type StaffOutputs = inferRouterOutputs<AppRouter>['staff'];
export type MatrixView = StaffOutputs['evidenceMatrix']['get'];
export type MatrixStudent = MatrixView['students'][number];
export type MatrixTask = MatrixView['tasks'][number];
