import { IconClipboardCheck } from '@tabler/icons-react';
import { WaitingBadge } from '../capture/waiting-badge';
import { useQueuedObservations } from './observation-queue';

const observations = ['observation', 'observations'] as const;

/** The top bar's count of an assessor's signed checklists not yet sent; nothing when none waits. */
export function ObservationQueueBadge() {
  const count = useQueuedObservations().filter((item) => !item.refusal).length;
  return (
    <WaitingBadge
      count={count}
      noun={observations}
      icon={<IconClipboardCheck size={14} aria-hidden />}
      testId="observation-queue-badge"
    />
  );
}
