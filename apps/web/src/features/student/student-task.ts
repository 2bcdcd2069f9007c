import type { AppRouter } from '@evident/api/root';
import type { inferRouterOutputs } from '@trpc/server';

/** A task on the student dashboard, exactly as `student.tasks.list` returns it (with its unit). */
export type StudentTask = inferRouterOutputs<AppRouter>['student']['tasks']['list'][number];
