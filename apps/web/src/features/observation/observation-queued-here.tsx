import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconClock } from '@tabler/icons-react';
import { dismissObservation, useQueuedObservations } from './observation-queue';

/**
 * This student's checklists for this task still on the device: waiting for signal, or refused by the
 * server with its reason (kept until dismissed, so nothing signed disappears unexplained).
 */
export function QueuedHere({ studentId, taskId }: { studentId: string; taskId: string }) {
  const here = useQueuedObservations().filter(
    (item) => item.input.studentId === studentId && item.input.taskId === taskId,
  );
  if (here.length === 0) return null;
  return (
    <Stack gap="xs" data-testid="queued-observations">
      {here.map((item) =>
        item.refusal ? (
          <Alert
            key={item.key}
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={20} aria-hidden />}
            title={`Checklist of ${item.input.observedOn} not recorded`}
          >
            <Text size="sm">{item.refusal}</Text>
            <Button mt="xs" size="xs" variant="default" onClick={() => void dismissObservation(item.key)}>
              Dismiss
            </Button>
          </Alert>
        ) : (
          <Alert
            key={item.key}
            color="yellow"
            variant="light"
            icon={<IconClock size={20} aria-hidden />}
            title="Waiting to be sent"
          >
            <Text size="sm">
              Checklist of {item.input.observedOn} at {item.input.place}, signed {item.input.signedName}
            </Text>
          </Alert>
        ),
      )}
    </Stack>
  );
}
