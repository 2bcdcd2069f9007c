import { IconCloudUpload } from '@tabler/icons-react';
import { useQueuedCount } from '../evidence/upload-store';
import { WaitingBadge } from './waiting-badge';

const files = ['file', 'files'] as const;

/** The top bar's count of captured files not yet sent (issue 18); nothing when the queue is empty. */
export function QueueBadge() {
  return (
    <WaitingBadge
      count={useQueuedCount()}
      noun={files}
      icon={<IconCloudUpload size={14} aria-hidden />}
      testId="queue-badge"
    />
  );
}
