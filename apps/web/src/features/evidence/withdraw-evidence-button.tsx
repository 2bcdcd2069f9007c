import { Button, VisuallyHidden } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { trpc } from '../../data-layer/trpc-client';
import { confirmAction } from '../dialog/confirm';
import { invalidateFor } from '../live/event-invalidations';
import { errorMessage } from '../toast/error-message';
import { toastError, toastSuccess } from '../toast/toast';

type WithdrawEvidenceButtonProps = { fileId: string; fileName: string };

/**
 * Takes back a file uploaded by mistake, after a confirm. The file leaves the student's and the
 * assessor's views but is kept, with who withdrew it and when (issue 10).
 */
export function WithdrawEvidenceButton({ fileId, fileName }: WithdrawEvidenceButtonProps) {
  const withdraw = trpc.student.evidence.withdraw.useMutation({
    onSuccess: async (withdrawn) => {
      toastSuccess('Evidence withdrawn', `${fileName} is no longer part of this task's evidence`);
      await invalidateFor({ type: 'evidence.withdrawn', fileId: withdrawn.fileId, taskId: withdrawn.taskId });
    },
    onError: (error) => toastError('Withdraw failed', errorMessage(error, 'Please try again')),
  });

  return (
    <Button
      size="xs"
      variant="subtle"
      color="red"
      leftSection={<IconArrowBackUp size={14} aria-hidden />}
      loading={withdraw.isPending}
      data-testid="withdraw-evidence"
      onClick={() =>
        confirmAction({
          title: 'Withdraw file',
          message: `Withdraw ${fileName}?`,
          detail:
            'Your assessor will no longer see it. It stays in the record, with the date you withdrew it.',
          confirmLabel: 'Withdraw',
          destructive: true,
          onConfirm: () => withdraw.mutate({ fileId }),
        })
      }
    >
      Withdraw
      <VisuallyHidden> {fileName}</VisuallyHidden>
    </Button>
  );
}
