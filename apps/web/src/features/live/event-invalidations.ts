import type { DomainEvent, DomainEventOf, DomainEventType } from '@evident/core/events';
import type { QueryClient } from '@tanstack/react-query';
import { type QueryInput, type QueryPath, queryKeyOf } from '../../data-layer/query-keys';
import { queryClient as appQueryClient } from '../../query-client';

/** A tRPC query by its path, narrowed to one input when the event names it. */
export type QueryTarget = { [Path in QueryPath]: { path: Path; input?: QueryInput<Path> } }[QueryPath];

/** What a stream says besides domain events (routers/live): `resync` means refetch everything. */
export type LiveSignal = { type: 'connected' } | { type: 'resync' };

const evidenceOf = (taskId?: string): QueryTarget[] => [
  { path: 'student.tasks.list' },
  { path: 'student.evidence.list', ...(taskId ? { input: { taskId } } : {}) },
  { path: 'staff.submissions.list' },
  { path: 'staff.evidenceMatrix.get' },
];

const curriculumOf = (unitId: string): QueryTarget[] => [
  { path: 'admin.units.list' },
  { path: 'admin.units.get', input: { id: unitId } },
  { path: 'admin.tasks.list', input: { unitId } },
  { path: 'admin.stats.get' },
  { path: 'student.tasks.list' },
  { path: 'staff.submissions.list' },
  { path: 'staff.evidenceMatrix.get' },
];

/**
 * The one table of which queries each domain event makes stale: used by the live stream for what
 * others changed and by screens for what their own mutations changed. A new screen whose data an
 * event touches adds its query's path here, and a new mutation calls `invalidateFor` with its event.
 */
export const eventInvalidations: { [T in DomainEventType]: (event: DomainEventOf<T>) => QueryTarget[] } = {
  'submission.created': (event) => [...evidenceOf(event.taskId), { path: 'admin.units.list' }],
  'evidence.withdrawn': (event) => [...evidenceOf(event.taskId), { path: 'admin.units.list' }],
  'submission.graded': (event) => [
    { path: 'student.tasks.list' },
    { path: 'staff.submissions.list' },
    { path: 'staff.evidenceMatrix.get' },
    ...event.submissions.map(
      (s): QueryTarget => ({ path: 'student.evidence.list', input: { taskId: s.taskId } }),
    ),
  ],
  'video.processed': () => [{ path: 'student.evidence.list' }, { path: 'staff.submissions.list' }],
  'thumbnail.processed': () => [{ path: 'student.evidence.list' }, { path: 'staff.submissions.list' }],
  'tasks.generated': (event) => curriculumOf(event.unitId),
  'tasks.changed': (event) => curriculumOf(event.unitId),
  'unit.changed': (event) => curriculumOf(event.unitId),
  'enrolment.created': () => [{ path: 'student.tasks.list' }, { path: 'staff.evidenceMatrix.get' }],
  'user.changed': () => [
    { path: 'auth.session.get' },
    { path: 'admin.users.list' },
    { path: 'admin.stats.get' },
    { path: 'staff.evidenceMatrix.get' },
  ],
};

export function targetsFor(event: DomainEvent): QueryTarget[] {
  const targets = eventInvalidations[event.type] as (event: DomainEvent) => QueryTarget[];
  return targets(event);
}

/** Marks stale, and refetches where on screen, every query the event touches (everything on `resync`). */
export async function invalidateFor(
  event: DomainEvent | LiveSignal,
  queryClient: QueryClient = appQueryClient,
): Promise<void> {
  if (event.type === 'connected') return;
  if (event.type === 'resync') return queryClient.invalidateQueries();
  await Promise.all(
    targetsFor(event).map((target) =>
      queryClient.invalidateQueries({ queryKey: queryKeyOf(target.path, target.input) }),
    ),
  );
}
