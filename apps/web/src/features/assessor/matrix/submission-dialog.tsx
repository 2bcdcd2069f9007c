import { fullName } from '@evident/core/user';
import { Alert, Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconFolderOpen, IconRefresh } from '@tabler/icons-react';
import { trpc } from '../../../trpc';
import { EvidenceFileItem } from '../../evidence/evidence-file-item';
import viewerClasses from '../../evidence/evidence-viewer.module.css';
import { StatusBadge } from '../../evidence/status-badge';
import { errorMessage } from '../../toast/error-message';
import type { MatrixStudent, MatrixTask } from './matrix-types';

export type OpenCell = { student: MatrixStudent; task: MatrixTask; taskNumber: number };

/** Fetch fresh links a minute before the signed ones run out. */
const linkMarginMs = 60_000;

/** A matrix cell opened: the student's submission for the task, its status, feedback and files. */
export function SubmissionDialog({ cell, onClose }: { cell: OpenCell | null; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  return (
    <Modal
      opened={cell !== null}
      onClose={onClose}
      title={
        cell ? (
          // The modal's title is already the heading: plain spans inside it.
          <Stack gap={0} component="span">
            <Text component="span" size="xs" c="dimmed" tt="uppercase" fw={700}>
              {fullName(cell.student)} · Task {cell.taskNumber}
            </Text>
            <Text component="span" fw={700} size="lg">
              {cell.task.title}
            </Text>
          </Stack>
        ) : null
      }
      fullScreen={phone}
      size="xl"
      radius={phone ? 0 : 'lg'}
      closeButtonProps={{ 'aria-label': 'Close submission' }}
      data-testid="matrix-submission"
    >
      {cell ? <SubmissionContent studentId={cell.student.id} taskId={cell.task.id} /> : null}
    </Modal>
  );
}

function SubmissionContent({ studentId, taskId }: { studentId: string; taskId: string }) {
  const view = trpc.reports.submission.useQuery(
    { studentId, taskId },
    {
      staleTime: (query) => {
        const files = query.state.data?.submission?.files ?? [];
        const expiries = files.map((file) => Date.parse(file.urlsExpireAt) - Date.now() - linkMarginMs);
        return expiries.length === 0 ? Number.POSITIVE_INFINITY : Math.max(0, Math.min(...expiries));
      },
    },
  );
  if (view.isPending) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label="Loading submission">
        <Skeleton height={24} width="40%" />
        <Skeleton height={180} />
      </Stack>
    );
  }
  if (view.isError) {
    return (
      <Alert
        color="red"
        variant="light"
        title="Could not load the submission"
        icon={<IconAlertTriangle aria-hidden />}
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{errorMessage(view.error, 'Please check your connection and try again.')}</Text>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconRefresh size={14} aria-hidden />}
            onClick={() => void view.refetch()}
          >
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  const { submission, student } = view.data;
  return (
    <Stack gap="md">
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          Status
        </Text>
        <StatusBadge status={submission?.status ?? 'pending'} />
        <Text size="sm" c="dimmed">
          {student.email}
        </Text>
      </Group>
      {submission?.assessorComment ? (
        <Feedback title="Assessor comment" text={submission.assessorComment} />
      ) : null}
      {submission?.strategiesForReassessment ? (
        <Feedback title="Strategies for reassessment" text={submission.strategiesForReassessment} />
      ) : null}
      {submission && submission.files.length > 0 ? (
        <ul className={viewerClasses.list} aria-label="Evidence files">
          {submission.files.map((file) => (
            <EvidenceFileItem key={file.id} file={file} />
          ))}
        </ul>
      ) : (
        <Stack align="center" gap={4} py="xl">
          <IconFolderOpen size={32} stroke={1.5} aria-hidden />
          <Text fw={600}>No evidence yet</Text>
          <Text size="sm" c="dimmed">
            {submission
              ? 'The student withdrew every file of this submission.'
              : 'Nothing has been submitted for this task.'}
          </Text>
        </Stack>
      )}
    </Stack>
  );
}

function Feedback({ title, text }: { title: string; text: string }) {
  return (
    <Alert variant="light" color="gray" radius="md" title={title}>
      <Text size="sm" className={viewerClasses.feedback}>
        {text}
      </Text>
    </Alert>
  );
}
