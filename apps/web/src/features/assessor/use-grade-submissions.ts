import { buildGradeRequest, type GradeDraft, type GradeStatus } from '@evident/core/grading';
import { trpc } from '../../trpc';
import { errorMessage } from '../toast/error-message';
import { toastError, toastSuccess } from '../toast/toast';

/**
 * Grading with the spec's checks and toasts (sections 4, 5, 8): strategies before NYS, then one
 * request; on success the list refreshes and `onGraded` clears the selection and typed comments.
 */
export function useGradeSubmissions(onGraded: () => void) {
  const utils = trpc.useUtils();
  const grade = trpc.assessor.grade.useMutation({
    onSuccess: async () => {
      toastSuccess('Grading complete', 'Submissions have been graded successfully');
      onGraded();
      await utils.assessor.submissions.invalidate();
    },
    onError: (error) => {
      toastError('Grading failed', errorMessage(error, 'Failed to grade submissions'));
      // Someone else may have graded some meanwhile (the message names them): show what is left.
      void utils.assessor.submissions.invalidate();
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
