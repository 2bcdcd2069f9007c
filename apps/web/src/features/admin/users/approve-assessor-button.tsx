import { fullName } from '@evident/core/user';
import { Badge, Button } from '@mantine/core';
import { IconUserCheck } from '@tabler/icons-react';
import { trpc } from '../../../data-layer/trpc-client';
import { confirmAction } from '../../dialog/confirm';
import { invalidateFor } from '../../live/event-invalidations';
import { errorMessage } from '../../toast/error-message';
import { toastError, toastSuccess } from '../../toast/toast';
import type { AdminUser } from '../admin-types';

/**
 * On a waiting assessor's row in Users Management: the 'Awaiting approval' badge and the Approve
 * button. Nothing for anyone else.
 */
export function ApproveAssessorButton({ user }: { user: AdminUser }) {
  const approve = trpc.admin.users.approve.useMutation({
    onSuccess: async () => {
      toastSuccess('Assessor approved', `${fullName(user)} can now see and grade students’ evidence`);
      await invalidateFor({ type: 'user.changed', userId: user.id });
    },
    onError: (error) => toastError('Approval failed', errorMessage(error, 'Please try again')),
  });
  if (!user.awaitingApproval) return null;

  const name = fullName(user);
  return (
    <>
      <Badge variant="outline" color="orange">
        Awaiting approval
      </Badge>
      <Button
        size="compact-sm"
        color="teal"
        leftSection={<IconUserCheck size={16} aria-hidden />}
        loading={approve.isPending}
        aria-label={`Approve ${name} as an assessor`}
        onClick={() =>
          confirmAction({
            title: 'Approve assessor',
            message: `Approve ${name} as an assessor?`,
            detail: 'They will be able to see and grade every student’s evidence.',
            confirmLabel: 'Approve',
            onConfirm: () => approve.mutate({ userId: user.id }),
          })
        }
      >
        Approve
      </Button>
    </>
  );
}
