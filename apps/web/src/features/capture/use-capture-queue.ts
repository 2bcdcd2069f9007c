import type { CurrentUser } from '@evident/core/user';
import { useEffect } from 'react';
import { openQueueFor, sendNow } from '../evidence/upload-queue';
import { installSendTriggers } from './send-triggers';

/** Opens the signed-in student's capture queue and sends it whenever a connection allows. */
export function useCaptureQueue(user: CurrentUser): void {
  const student = user.role === 'student';
  useEffect(() => {
    if (!student) return;
    void openQueueFor(user.id);
    return installSendTriggers(sendNow);
  }, [student, user.id]);
}
