import { Button, Group, Modal, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { type ConfirmRequest, settleConfirm } from './confirm-store';

/**
 * One confirm: the question, an optional line of consequences, Cancel and the action. Cancel has the
 * focus at first, so an Enter pressed in haste keeps things as they are. The dialog animates out
 * before the next confirm, if any, opens.
 */
export function ConfirmDialog({ request }: { request: ConfirmRequest & { key: number } }) {
  const [opened, setOpened] = useState(true);
  // Settled when the closing animation ends, or soon after in any case (no animation to wait for).
  useEffect(() => {
    if (opened) return;
    const timer = setTimeout(() => settleConfirm(request.key), 1000);
    return () => clearTimeout(timer);
  }, [opened, request.key]);
  return (
    <Modal
      opened={opened}
      onClose={() => setOpened(false)}
      onExitTransitionEnd={() => settleConfirm(request.key)}
      title={request.title}
      centered
    >
      <Text size="sm">{request.message}</Text>
      {request.detail ? (
        <Text size="sm" c="dimmed" mt="xs">
          {request.detail}
        </Text>
      ) : null}
      <Group mt="md" justify="flex-end">
        <Button variant="default" onClick={() => setOpened(false)} data-autofocus>
          Cancel
        </Button>
        <Button
          color={request.destructive ? 'red' : undefined}
          onClick={() => {
            setOpened(false);
            request.onConfirm();
          }}
        >
          {request.confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
