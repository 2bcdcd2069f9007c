import { Button } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useState } from 'react';
import { trpc } from '../../../data-layer/trpc-client';
import { confirmAction } from '../../dialog/confirm';
import { errorMessage } from '../../toast/error-message';
import { toastError, toastSuccess } from '../../toast/toast';

const students = (n: number) => `${n} ${n === 1 ? 'student' : 'students'}`;

/**
 * Email Outstanding: asks the server how many students would be mailed (those not complete who were
 * not reminded in the last hour), confirms with that number, sends, and says how many went.
 */
export function EmailOutstandingButton({
  unitId,
  classId,
}: {
  unitId: string | null;
  /** The class filter: only that class's students are mailed. */
  classId?: string | null;
}) {
  const utils = trpc.useUtils();
  const [checking, setChecking] = useState(false);
  const send = trpc.staff.outstanding.email.useMutation({
    onSuccess: ({ sent, failed }) => {
      if (failed > 0) {
        toastError(
          'Some reminders failed',
          `Emailed ${students(sent)}; ${failed} could not be sent. Please try again later.`,
        );
      } else {
        toastSuccess('Reminders sent', `Emailed ${students(sent)} about their outstanding tasks`);
      }
    },
    onError: (error) => toastError('Reminders failed', errorMessage(error, 'Please try again')),
  });

  async function start() {
    if (!unitId) return;
    setChecking(true);
    try {
      const input = classId ? { unitId, classId } : { unitId };
      const preview = await utils.staff.outstanding.list.fetch(input, { staleTime: 0 });
      const recent =
        preview.recentlyReminded > 0
          ? `${students(preview.recentlyReminded)} reminded in the last hour will not be emailed again.`
          : undefined;
      if (preview.toEmail === 0) {
        toastSuccess(
          'No one to email',
          preview.incomplete === 0
            ? 'Every task is done or waiting for grading: no student has work still to do'
            : (recent ?? ''),
        );
        return;
      }
      confirmAction({
        title: 'Email Outstanding',
        message: `Email ${students(preview.toEmail)} a list of their outstanding tasks?`,
        detail: recent,
        confirmLabel: `Email ${students(preview.toEmail)}`,
        onConfirm: () => send.mutate(input),
      });
    } catch (error) {
      toastError('Reminders failed', errorMessage(error, 'Please try again'));
    } finally {
      setChecking(false);
    }
  }

  return (
    <Button
      variant="default"
      leftSection={<IconMail size={16} aria-hidden />}
      loading={checking || send.isPending}
      disabled={!unitId}
      onClick={() => void start()}
    >
      Email Outstanding
    </Button>
  );
}
