import { fullName } from '@evident/core/user';
import { Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconClipboardCheck } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { trpc } from '../../../data-layer/trpc-client';
import { useCurrentUser } from '../../auth/use-current-user';
import { StatusBadge } from '../../evidence/status-badge';
import {
  SubmissionEvidence,
  SubmissionLoadError,
  staleUntilLinksExpire,
} from '../../evidence/submission-evidence';
import { SubmissionObservations } from '../../observation/observation-lists';
import { StaffThirdPartySection } from '../../third-party/third-party-section';
import type { MatrixStudent, MatrixTask } from './matrix-types';

export type OpenCell = { student: MatrixStudent; task: MatrixTask; taskNumber: number };

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
              {fullName(cell.student)}
              {cell.student.deactivated ? ' (deactivated)' : ''} · Task {cell.taskNumber}
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
      {cell ? <StaffThirdPartySection studentId={cell.student.id} task={cell.task} canAct={false} /> : null}
    </Modal>
  );
}

function SubmissionContent({ studentId, taskId }: { studentId: string; taskId: string }) {
  // Only an assessor (or an admin viewing as one) records an observation; an admin as themselves reads.
  const observer = useCurrentUser()?.role === 'assessor';
  const view = trpc.staff.submissions.get.useQuery(
    { studentId, taskId },
    {
      staleTime: (query) => staleUntilLinksExpire(query.state.data?.submission?.files ?? []),
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
      <SubmissionLoadError
        title="Could not load the submission"
        error={view.error}
        onRetry={() => void view.refetch()}
      />
    );
  }
  const { submission, student } = view.data;
  // Files an admin recorded while viewing the app as the student: the record names them.
  const byAdmins = (submission?.files ?? []).filter((file) => file.recordedByAdminName);
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
      <SubmissionEvidence
        submission={submission}
        emptyText={
          submission
            ? 'No files on this submission: the student withdrew them, or it holds only observations.'
            : 'Nothing has been submitted for this task.'
        }
      />
      {submission ? <SubmissionObservations submissionId={submission.id} /> : null}
      {observer && submission?.status !== 'satisfactory' ? (
        <Button
          variant="light"
          leftSection={<IconClipboardCheck size={18} aria-hidden />}
          style={{ alignSelf: 'flex-start' }}
          renderRoot={(props) => (
            <Link {...props} to="/observe/$studentId/$taskId" params={{ studentId, taskId }} />
          )}
        >
          Observe at work
        </Button>
      ) : null}
      {byAdmins.map((file) => (
        <Text key={file.id} size="xs" c="dimmed" data-testid="recorded-by-admin">
          {file.fileName}: recorded by admin {file.recordedByAdminName}
        </Text>
      ))}
    </Stack>
  );
}
