import type { AppRouter } from '@evident/api/root';
import type { inferRouterOutputs } from '@trpc/server';

type Outputs = inferRouterOutputs<AppRouter>;

export type AdminUnit = Outputs['admin']['units']['list'][number];
export type AdminTask = Outputs['admin']['tasks']['list']['tasks'][number];
export type AdminUser = Outputs['admin']['users']['list'][number];
export type AdminClassListItem = Outputs['admin']['classes']['list'][number];
export type AdminClass = Outputs['admin']['classes']['get'];
export type StudentEnrolResult = Outputs['admin']['classes']['addStudents']['results'][number];
export type AdminCoverage = Outputs['admin']['coverage']['get'];
