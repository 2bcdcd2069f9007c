import type { GradeInput } from '@evident/core/grade-input';
import { buildGradeRequest, type GradeDraft, type GradeStatus } from '@evident/core/grading';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { queryKeyOf } from '../../data-layer/query-keys';
import { trpc } from '../../data-layer/trpc-client';
import { invalidateFor, type KnownEvent } from '../live/event-invalidations';
import { errorMessage } from '../toast/error-message';
import { toastError, toastSuccess } from '../toast/toast';

/** What the screen hears of its own grading: sent, then graded or failed, by submission ids. */
export type GradingCallbacks = {
  onSent?: (submissionIds: readonly string[]) => void;
  /** Clears the selection and typed comments (spec section 4). */
  onGraded: (submissionIds: readonly string[]) => void;
  onFailed?: (submissionIds: readonly string[]) => void;
};

/** A submission on screen, for the task it is of. */
type ShownSubmission = { id: string; task: { id: string } };

type GradingContext = { graded: KnownEvent };

/**
 * The grade mutation's handling, apart from React so a test runs it as the screen does: on success
 * the queries the decision touches are refetched through the event table, with the event the server
 * publishes for it.
 */
export function gradingMutation(
  queryClient: QueryClient,
  shown: () => readonly ShownSubmission[] | undefined,
  { onSent, onGraded, onFailed }: GradingCallbacks,
) {
  return {
    onMutate: (request: GradeInput): GradingContext => {
      onSent?.(request.submissionIds);
      // Taken now: the list may have changed by the time the answer comes.
      const taskOf = new Map((shown() ?? []).map((submission) => [submission.id, submission.task.id]));
      const submissions = request.submissionIds.flatMap((submissionId) => {
        const taskId = taskOf.get(submissionId);
        return taskId ? [{ submissionId, taskId }] : [];
      });
      return { graded: { type: 'submission.graded', submissions } };
    },
    onSuccess: async (_answer: unknown, request: GradeInput, context: GradingContext | undefined) => {
      toastSuccess('Grading complete', 'Submissions have been graded successfully');
      onGraded(request.submissionIds);
      if (context) await invalidateFor(context.graded, queryClient);
    },
    onError: (error: unknown, request: GradeInput) => {
      toastError('Grading failed', errorMessage(error, 'Failed to grade submissions'));
      onFailed?.(request.submissionIds);
      // Someone else may have graded some meanwhile (the message names them): show what is left.
      void queryClient.invalidateQueries({ queryKey: queryKeyOf('staff.submissions.list') });
    },
  };
}

/**
 * Grading with the spec's checks and toasts (sections 4, 5, 8): strategies before NYS, then one
 * request; on success the list refreshes and `onGraded` clears the selection and typed comments.
 * `shown` is the list on screen, which names the task of each submission graded. The screen's first
 * decision waits for the assessor's declaration (issue 29, `declaration` for its dialog); every
 * request then carries the version confirmed. `canGrade`: false for an admin reading the screen.
 */
export function useGradeSubmissions(
  shown: readonly ShownSubmission[] | undefined,
  callbacks: GradingCallbacks,
  canGrade = true,
) {
  const queryClient = useQueryClient();
  const grade = trpc.assessor.submissions.grade.useMutation(
    gradingMutation(queryClient, () => shown, callbacks),
  );
  const wording = trpc.assessor.declarations.get.useQuery(undefined, {
    enabled: canGrade,
    staleTime: 10 * 60_000,
  });
  const [declared, setDeclared] = useState<number | null>(null);
  const [waiting, setWaiting] = useState<GradeInput | null>(null);

  function submit(
    status: GradeStatus,
    submissionIds: readonly string[],
    drafts: Readonly<Record<string, GradeDraft | undefined>>,
  ) {
    const built = buildGradeRequest(status, submissionIds, drafts);
    if (!built.ok) {
      toastError(built.title, built.message);
      return;
    }
    if (declared === null) setWaiting(built.request);
    else grade.mutate({ ...built.request, declarationVersion: declared });
  }

  return {
    submit,
    declaration: {
      opened: waiting !== null,
      wording: wording.data,
      loadFailed: wording.isError,
      count: waiting?.submissionIds.length ?? 0,
      onClose: () => setWaiting(null),
      onConfirm: (version: number) => {
        setDeclared(version);
        if (waiting) grade.mutate({ ...waiting, declarationVersion: version });
        setWaiting(null);
      },
    },
    isPending: grade.isPending,
    /** The submissions the request in flight is grading. */
    pendingIds: grade.isPending ? (grade.variables?.submissionIds ?? []) : [],
  };
}
