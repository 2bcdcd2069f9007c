import { ActionIcon, Group, Stack, Text } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { IconCircleCheck, IconClockPause, IconX } from '@tabler/icons-react';
import { browserFormatter } from '../../format/date-time';
import { removeQueued } from './upload-queue';
import { type TaskUpload, useTaskQueue } from './upload-store';

const shortTime = { timeStyle: 'short' } as const;

function statusText(view: TaskUpload, online: boolean): string {
  if (view.state === 'sent') return 'Sent';
  if (view.state === 'active') {
    const percent = view.total > 0 ? Math.floor((view.sent / view.total) * 100) : 0;
    return `Uploading ${percent} %`;
  }
  return online ? 'Waiting to send' : 'Waiting for signal';
}

/**
 * The task's files in the capture queue (issue 18): each one waiting for signal (removable before it
 * goes), or just sent. The file being sent shows its progress in the controls above.
 */
export function QueuedCaptures({
  userId,
  taskId,
  describedBy,
}: {
  userId: string;
  taskId: string;
  describedBy: string;
}) {
  const queue = useTaskQueue(userId, taskId);
  const { online } = useNetwork();
  if (queue.length === 0) return null;
  return (
    <ul aria-label="Files waiting to be sent" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {queue.map(({ key, view }) => (
        <Group
          component="li"
          key={key}
          gap="xs"
          wrap="nowrap"
          py={4}
          data-testid="queued-capture"
          data-state={view.state}
        >
          {view.state === 'sent' ? (
            <IconCircleCheck size={18} color="var(--mantine-color-green-7)" aria-hidden />
          ) : (
            <IconClockPause size={18} color="var(--mantine-color-yellow-7)" aria-hidden />
          )}
          <Stack gap={0} miw={0} flex={1}>
            <Text size="sm" truncate="end">
              {view.fileName}
            </Text>
            <Text size="xs" c="dimmed" data-testid="queued-capture-status">
              {statusText(view, online)}
              {view.state === 'waiting'
                ? ` · captured ${browserFormatter(shortTime).format(new Date(view.capturedAt))}`
                : ''}
            </Text>
          </Stack>
          {view.state === 'waiting' ? (
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Remove ${view.fileName} before it is sent`}
              aria-describedby={describedBy}
              onClick={() => removeQueued(key)}
              data-testid="remove-queued"
            >
              <IconX size={16} aria-hidden />
            </ActionIcon>
          ) : null}
        </Group>
      ))}
    </ul>
  );
}
