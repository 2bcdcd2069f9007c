import type { AppRouter } from '@evident/api/root';
import type { inferRouterOutputs } from '@trpc/server';

type Outputs = inferRouterOutputs<AppRouter>;

export type AdminUnit = Outputs['admin']['units']['list'][number];
export type AdminTask = Outputs['admin']['tasks']['list']['tasks'][number];
export type AdminUser = Outputs['admin']['users'][number];
