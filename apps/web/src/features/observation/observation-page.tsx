import { fullName } from '@evident/core/user';
import { Alert, Anchor, Container, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { IconArrowLeft, IconCloudUpload, IconInfoCircle } from '@tabler/icons-react';
import { Link, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { trpc } from '../../data-layer/trpc-client';
import { useCurrentUser } from '../auth/use-current-user';
import { CaptureStorageFullError } from '../capture/capture-db';
import { toastError } from '../toast/toast';
import { useDocumentTitle } from '../widgets/document-title';
import { LoadError } from '../widgets/load-error';
import { PageHeader } from '../widgets/page-header';
import { ObservationForm, type SignedChecklist } from './observation-form';
import { queueObservation } from './observation-queue';
import { QueuedHere } from './observation-queued-here';

/**
 * Issue 29 §5: an assessor observing a student at work fills the task's checklist on a phone. Once
 * the screen has loaded it works without signal: a signed checklist goes to the capture queue and is
 * sent once when the connection allows.
 */
export function ObservationPage({ studentId, taskId }: { studentId: string; taskId: string }) {
  useDocumentTitle('Observation checklist');
  const user = useCurrentUser();
  const router = useRouter();
  const { online } = useNetwork();
  // Kept for the whole visit: an observation may start with signal and end in a basement without it.
  const checklist = trpc.assessor.observations.getChecklist.useQuery(
    { studentId, taskId },
    { staleTime: Number.POSITIVE_INFINITY, gcTime: Number.POSITIVE_INFINITY },
  );
  const [saving, setSaving] = useState(false);
  // A new form (a fresh key) after each signing, so the next observation starts blank.
  const [signedCount, setSignedCount] = useState(0);

  const back = (
    <Anchor component="button" type="button" onClick={() => router.history.back()} size="sm">
      <Group gap={4} wrap="nowrap">
        <IconArrowLeft size={16} aria-hidden /> Back
      </Group>
    </Anchor>
  );

  if (checklist.isPending && !checklist.data) {
    return (
      <Container size="sm" px={{ base: 'sm', sm: 'md' }}>
        <Stack gap="md" aria-busy="true" aria-label="Loading the checklist">
          <Skeleton height={32} width="60%" />
          <Skeleton height={120} />
          <Skeleton height={120} />
        </Stack>
      </Container>
    );
  }
  // A refetch that failed without signal keeps the checklist already loaded: the form stays usable.
  if (!checklist.data) {
    return (
      <Container size="sm" px={{ base: 'sm', sm: 'md' }}>
        <Stack gap="md">
          {back}
          <LoadError
            title="Could not open the checklist"
            error={checklist.error}
            onRetry={() => void checklist.refetch()}
          />
        </Stack>
      </Container>
    );
  }
  const { student, task, items, today } = checklist.data;
  const studentName = fullName(student);

  const sign = async (signed: SignedChecklist) => {
    if (!user) return;
    setSaving(true);
    const key = crypto.randomUUID();
    try {
      await queueObservation({
        key,
        userId: user.id,
        input: { ...signed, studentId, taskId, clientKey: key },
        studentName,
        taskTitle: task.title,
        queuedAt: Date.now(),
      });
      setSignedCount((count) => count + 1);
      window.scrollTo({ top: 0 });
    } catch (error) {
      toastError(
        'Could not keep the checklist',
        error instanceof CaptureStorageFullError
          ? 'There is not enough space on this device. Free some space, then sign again.'
          : 'This browser would not store it. Try again, or use another browser.',
      );
    } finally {
      setSaving(false);
    }
  };

  return (
    <Container size="sm" px={{ base: 'sm', sm: 'md' }}>
      <Stack gap={4} mb="xs">
        {back}
      </Stack>
      <PageHeader
        title="Observation checklist"
        subtitle={`${studentName} · ${task.unitCode} · ${task.title}`}
      />
      <Stack gap="md">
        {signedCount > 0 ? (
          <Alert
            color={online ? 'teal' : 'yellow'}
            variant="light"
            icon={<IconCloudUpload size={20} aria-hidden />}
            title="Checklist signed"
            role="status"
          >
            {online
              ? 'It is being sent and will show on the student’s submission.'
              : 'Saved on this device. It will be sent by itself when you have signal again.'}{' '}
            <Anchor component={Link} to="/matrix">
              Back to the Evidence Matrix
            </Anchor>
          </Alert>
        ) : null}
        <QueuedHere studentId={studentId} taskId={taskId} />
        {items.length === 0 ? (
          <Alert
            color="blue"
            variant="light"
            icon={<IconInfoCircle size={20} aria-hidden />}
            title="No checklist yet"
          >
            This task is not mapped to any of the unit’s requirements, so there is nothing to observe against.
            An admin maps it on the task form.
          </Alert>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              Mark each requirement as you see it. Everything stays on this device until it is sent, with or
              without signal.
            </Text>
            <ObservationForm
              key={signedCount}
              items={items}
              today={today}
              accountName={user ? fullName(user) : ''}
              busy={saving}
              onSign={sign}
            />
          </>
        )}
      </Stack>
    </Container>
  );
}
