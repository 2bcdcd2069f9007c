import { Badge, Tooltip } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { IconCloudUpload } from '@tabler/icons-react';
import { useQueuedCount } from '../evidence/upload-store';

/** The top bar's count of captured files not yet sent (issue 18); nothing when the queue is empty. */
export function QueueBadge() {
  const count = useQueuedCount();
  const { online } = useNetwork();
  if (count === 0) return null;
  const label = `${count} ${count === 1 ? 'file' : 'files'} waiting to be sent${online ? '' : ' (no signal)'}`;
  return (
    <Tooltip label={label}>
      <Badge
        size="lg"
        variant="light"
        color={online ? 'blue' : 'yellow'}
        leftSection={<IconCloudUpload size={14} aria-hidden />}
        aria-label={label}
        role="status"
        data-testid="queue-badge"
        data-count={count}
      >
        {count}
      </Badge>
    </Tooltip>
  );
}
