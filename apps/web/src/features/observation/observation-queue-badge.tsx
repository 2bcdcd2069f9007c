import { Badge, Tooltip } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { IconClipboardCheck } from '@tabler/icons-react';
import { useQueuedObservations } from './observation-queue';

/** The top bar's count of an assessor's signed checklists not yet sent; nothing when none waits. */
export function ObservationQueueBadge() {
  const count = useQueuedObservations().filter((item) => !item.refusal).length;
  const { online } = useNetwork();
  if (count === 0) return null;
  const label = `${count} ${count === 1 ? 'observation' : 'observations'} waiting to be sent${online ? '' : ' (no signal)'}`;
  return (
    <Tooltip label={label}>
      <Badge
        size="lg"
        variant="light"
        color={online ? 'blue' : 'yellow'}
        leftSection={<IconClipboardCheck size={14} aria-hidden />}
        aria-label={label}
        role="status"
        data-testid="observation-queue-badge"
        data-count={count}
      >
        {count}
      </Badge>
    </Tooltip>
  );
}
