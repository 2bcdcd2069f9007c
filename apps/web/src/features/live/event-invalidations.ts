import type { DomainEventOf, DomainEventType } from '@evident/core/events';
import { partialMatchKey, type QueryClient } from '@tanstack/react-query';
import { queryClient as appQueryClient } from '../../data-layer/query-client';
import { type QueryInput, type QueryPath, queryKeyOf } from '../../data-layer/query-keys';
import { noteOwnChange, ownChangesSettled, sendOwnChange, takeEcho } from './own-changes';

/** A tRPC query by its path, narrowed to one input when the event names it. */
export type QueryTarget = { [Path in QueryPath]: { path: Path; input?: QueryInput<Path> } }[QueryPath];

/** What a stream says besides domain events (routers/live): `resync` means refetch everything. */
export type LiveSignal = { type: 'connected' } | { type: 'resync' };

/**
 * A domain event as the tab that caused it knows it, from its request and the answer: what the table
 * below reads. Every event the stream brings is one too. A mutation names the event the server
 * publishes for it, e.g. `{ type: 'evidence.withdrawn', fileId, taskId }`.
 */
export type KnownEvent =
  | Pick<DomainEventOf<'submission.created'>, 'type' | 'submissionId' | 'taskId'>
  | Pick<DomainEventOf<'evidence.withdrawn'>, 'type' | 'fileId' | 'taskId'>
  | {
      type: 'submission.graded';
      submissions: Pick<
        DomainEventOf<'submission.graded'>['submissions'][number],
        'submissionId' | 'taskId'
      >[];
    }
  | Pick<DomainEventOf<'video.processed' | 'thumbnail.processed'>, 'type' | 'fileId'>
  | Pick<DomainEventOf<'validation.changed'>, 'type' | 'roundId'>
  | DomainEventOf<
      | 'tasks.generated'
      | 'tasks.changed'
      | 'unit.changed'
      | 'enrolment.created'
      | 'user.changed'
      | 'unitOutcome.changed'
    >;

type KnownEventOf<T extends DomainEventType> = Extract<KnownEvent, { type: T }>;

const evidenceOf = (taskId?: string): QueryTarget[] => [
  { path: 'student.tasks.list' },
  { path: 'student.evidence.list', ...(taskId ? { input: { taskId } } : {}) },
  // A file sent 'Not declared' joins the task's declaration prompt; a withdrawn one leaves it.
  { path: 'student.evidence.listUndeclared' },
  { path: 'staff.submissions.list' },
  { path: 'staff.evidenceMatrix.get' },
  // An observation checklist arrives as a submission.created (issue 29 §5).
  { path: 'staff.observations.list' },
  { path: 'student.observations.list', ...(taskId ? { input: { taskId } } : {}) },
  // The grading screen's unit outcome offer counts the student's undeclared files.
  { path: 'staff.unitOutcomes.listProgress' },
];

const curriculumOf = (unitId: string): QueryTarget[] => [
  { path: 'admin.units.list' },
  { path: 'admin.units.get', input: { id: unitId } },
  { path: 'admin.coverage.get', input: { id: unitId } },
  { path: 'admin.units.getRequirements', input: { id: unitId } },
  { path: 'admin.tasks.list', input: { unitId } },
  { path: 'admin.stats.get' },
  { path: 'student.tasks.list' },
  { path: 'staff.submissions.list' },
  { path: 'staff.evidenceMatrix.get' },
  // A new task reopens the unit's outcomes.
  { path: 'student.unitOutcomes.list' },
  { path: 'staff.unitOutcomes.list', input: { unitId } },
  { path: 'staff.unitOutcomes.listProgress' },
];

/**
 * The one table of which queries each domain event makes stale: used by the live stream for what
 * others changed and by screens for what their own mutations changed. A new screen whose data an
 * event touches adds its query's path here, and a new mutation calls `invalidateFor` with its event.
 * A change is refetched once in the tab that made it: by its mutation, and not again for its echo on
 * the stream (own-changes.ts).
 */
export const eventInvalidations: { [T in DomainEventType]: (event: KnownEventOf<T>) => QueryTarget[] } = {
  'submission.created': (event) => [...evidenceOf(event.taskId), { path: 'admin.units.list' }],
  'evidence.withdrawn': (event) => [...evidenceOf(event.taskId), { path: 'admin.units.list' }],
  'submission.graded': (event) => [
    { path: 'student.tasks.list' },
    { path: 'staff.submissions.list' },
    { path: 'staff.evidenceMatrix.get' },
    // A decision may make a unit ready for its outcome on the grading screen.
    { path: 'staff.unitOutcomes.listProgress' },
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
  'unitOutcome.changed': (event) => [
    { path: 'student.unitOutcomes.list' },
    { path: 'staff.unitOutcomes.list', input: { unitId: event.unitId } },
    { path: 'staff.unitOutcomes.listProgress' },
    { path: 'staff.evidenceMatrix.get' },
  ],
  // A round's screen, the lists of rounds and of actions to do, and the unit's plan a close moves on.
  'validation.changed': (event) => [
    { path: 'staff.validationRounds.get', input: { id: event.roundId } },
    { path: 'staff.validationRounds.list' },
    { path: 'admin.validationRounds.list' },
    { path: 'staff.validationActions.list' },
    { path: 'admin.validationPlans.get' },
  ],
  // Everything an admin's screens show of a person: the people lists and their search, the counts,
  // the audit trail and the classes they are in.
  'user.changed': () => [
    { path: 'auth.session.get' },
    { path: 'admin.users.list' },
    { path: 'admin.users.search' },
    { path: 'admin.stats.get' },
    { path: 'admin.audit.list' },
    { path: 'admin.classes.list' },
    { path: 'admin.classes.get' },
    { path: 'staff.evidenceMatrix.get' },
  ],
};

export function targetsFor(event: KnownEvent): QueryTarget[] {
  const targets = eventInvalidations[event.type] as (event: KnownEvent) => QueryTarget[];
  return targets(event);
}

/**
 * Marks stale, and refetches where on screen, every query the events touch, in one pass: a query two
 * events (or two of an event's entries) touch is fetched once, not started and then cancelled for a
 * second start.
 */
async function invalidateTargets(events: readonly KnownEvent[], queryClient: QueryClient): Promise<void> {
  const keys = events.flatMap(targetsFor).map((target) => queryKeyOf(target.path, target.input));
  if (keys.length === 0) return;
  await queryClient.invalidateQueries({
    predicate: (query) => keys.some((key) => partialMatchKey(query.queryKey, key)),
  });
}

/**
 * After this tab's own mutation, with the events the server publishes for it: refetches what they
 * touch now, and the stream's echo of them later refetches nothing again (own-changes.ts).
 */
export async function invalidateFor(
  events: KnownEvent | readonly KnownEvent[],
  queryClient: QueryClient = appQueryClient,
): Promise<void> {
  const list = [events].flat();
  for (const event of list) noteOwnChange(queryClient, event);
  await invalidateTargets(list, queryClient);
}

/**
 * A change sent through the plain tRPC client rather than a mutation hook (the upload queue's):
 * invalidated as a mutation's is once answered, without waiting for the refetch.
 */
export function invalidateAfter<T>(
  request: Promise<T>,
  eventsOf: (answer: T) => KnownEvent | readonly KnownEvent[],
  queryClient: QueryClient = appQueryClient,
): Promise<T> {
  return sendOwnChange(queryClient, request, (answer) => void invalidateFor(eventsOf(answer), queryClient));
}

/**
 * What the live stream brings: what others changed, the echo of what this tab changed (dropped: its
 * mutation refetched it already), or word to refetch everything (`resync`).
 */
export async function invalidateForLive(
  message: KnownEvent | LiveSignal,
  queryClient: QueryClient = appQueryClient,
): Promise<void> {
  if (message.type === 'connected') return;
  if (message.type === 'resync') return queryClient.invalidateQueries();
  await ownChangesSettled(queryClient);
  if (takeEcho(queryClient, message)) return;
  await invalidateTargets([message], queryClient);
}
