import type { AppRouter } from '@evident/api/root';
import type { UnitRef } from '@evident/core/student-units';
import type { inferRouterOutputs } from '@trpc/server';

type ServerTask = inferRouterOutputs<AppRouter>['student']['tasks'][number];

/** A task on the student dashboard, as `student.tasks` returns it, with the unit it belongs to. */
export type StudentTask = ServerTask & { unit: UnitRef };

/** TEMPORARY until `student.tasks` carries `unit` itself (issue 10; server side follows). */
export function withUnits(tasks: ServerTask[]): StudentTask[] {
  return tasks.map((task) => ({
    ...task,
    unit: { id: task.unitId, unitCode: task.unitCode, title: task.unitTitle },
  }));
}
