import type { CurrentUser } from '@evident/core/user';
import { useEffect } from 'react';
import { openQueueFor, sendNow } from '../evidence/upload-queue';
import { openObservationQueueFor, sendObservationsNow } from '../observation/observation-queue';
import { installSendTriggers } from './send-triggers';

/**
 * Opens the signed-in person's capture queue and sends it whenever a connection allows: a student's
 * files, an assessor's observation checklists (issue 29 §5).
 */
export function useCaptureQueue(user: CurrentUser): void {
  const student = user.role === 'student';
  const assessor = user.role === 'assessor';
  useEffect(() => {
    if (!student) return;
    void openQueueFor(user.id);
    return installSendTriggers(sendNow);
  }, [student, user.id]);
  useEffect(() => {
    if (!assessor) return;
    void openObservationQueueFor(user.id);
    return installSendTriggers(sendObservationsNow);
  }, [assessor, user.id]);
}
