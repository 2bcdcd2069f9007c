import { buildGradeRequest, type GradeDraft, type GradeStatus } from '@evident/core/grading';
import { trpc } from '../../trpc';
import { errorMessage } from '../toast/error-message';
import { toastError, toastSuccess } from '../toast/toast';

/** What the screen hears of its own grading: sent, then graded or failed, by submission ids. */
export type GradingCallbacks = {
  onSent?: (submissionIds: readonly string[]) => void;
  /** Clears the selection and typed comments (spec section 4). */
  onGraded: (submissionIds: readonly string[]) => void;
  onFailed?: (submissionIds: readonly string[]) => void;
};

/**
 * Grading with the spec's checks and toasts (sections 4, 5, 8): strategies before NYS, then one
 * request; on success the list refreshes and `onGraded` clears the selection and typed comments.
 */
export function useGradeSubmissions({ onSent, onGraded, onFailed }: GradingCallbacks) {
  const utils = trpc.useUtils();
  const grade = trpc.assessor.submissions.grade.useMutation({
    onMutate: (request) => onSent?.(request.submissionIds),
    onSuccess: async (_answer, request) => {
      toastSuccess('Grading complete', 'Submissions have been graded successfully');
      onGraded(request.submissionIds);
      await utils.staff.submissions.list.invalidate();
    },
    onError: (error, request) => {
      toastError('Grading failed', errorMessage(error, 'Failed to grade submissions'));
      onFailed?.(request.submissionIds);
      // Someone else may have graded some meanwhile (the message names them): show what is left.
      void utils.staff.submissions.list.invalidate();
    },
  });

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
    grade.mutate(built.request);
  }

  return {
    submit,
    isPending: grade.isPending,
    /** The submissions the request in flight is grading. */
    pendingIds: grade.isPending ? (grade.variables?.submissionIds ?? []) : [],
  };
}
