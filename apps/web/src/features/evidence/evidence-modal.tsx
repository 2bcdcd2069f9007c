import { canAddMoreEvidence, type TaskStatus } from '@evident/core/student-progress';
import { Group, Modal, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { trpc } from '../../data-layer/trpc-client';
import { TaskObservations } from '../observation/observation-lists';
import { OwnThirdPartySection } from '../third-party/third-party-section';
import { AddEvidenceControls } from './add-evidence-controls';
import type { EvidenceViewerProps, ViewedTask } from './evidence-viewer';
import { StatusBadge } from './status-badge';
import { SubmissionEvidence, SubmissionLoadError, staleUntilLinksExpire } from './submission-evidence';
import { WithdrawEvidenceButton } from './withdraw-evidence-button';

/**
 * View Evidence: the files of the student's submission for one task, with its status and feedback;
 * until the task is graded satisfactory, more files can be added here too.
 */
export function EvidenceModal({ task, userId, onClose }: EvidenceViewerProps) {
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  return (
    <Modal
      opened={task !== null}
      onClose={onClose}
      title={
        <Stack gap={0}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            Evidence
          </Text>
          <Title order={2} size="h4" id="evidence-task-title">
            {task?.title}
          </Title>
        </Stack>
      }
      fullScreen={phone}
      size="xl"
      radius={phone ? 0 : 'lg'}
      closeButtonProps={{ 'aria-label': 'Close evidence' }}
      data-testid="evidence-viewer"
    >
      {task ? <EvidenceContent task={task} userId={userId} /> : null}
    </Modal>
  );
}

function EvidenceContent({ task, userId }: { task: ViewedTask; userId: string }) {
  const taskId = task.id;
  const evidence = trpc.student.evidence.list.useQuery(
    { taskId },
    {
      staleTime: (query) => {
        const files = query.state.data?.submission?.files ?? [];
        // A video still being converted, or a photo's preview still being made: look again next
        // time, to swap in the playable copy or the preview.
        if (files.some((file) => file.videoStatus === 'pending' || file.thumbnailStatus === 'pending'))
          return 0;
        return staleUntilLinksExpire(files);
      },
    },
  );

  if (evidence.isPending) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label="Loading evidence">
        <Skeleton height={24} width="40%" />
        <Skeleton height={180} />
        <Skeleton height={60} />
      </Stack>
    );
  }
  if (evidence.isError) {
    return (
      <SubmissionLoadError
        title="Could not load evidence"
        error={evidence.error}
        onRetry={() => void evidence.refetch()}
      />
    );
  }

  const submission = evidence.data.submission;
  const status: TaskStatus = submission?.status ?? 'pending';
  const files = submission?.files ?? [];
  // The server says, by the rule the withdraw call enforces, which files may go: never one an
  // assessor already judged (it stays with the evidence), never the last one.
  const onlyFileWaits = files.some((file) => file.withdrawRefusal === 'only_file');
  const someWithdrawable = files.some((file) => file.canWithdraw);
  return (
    <Stack gap="md">
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          Status
        </Text>
        <StatusBadge status={status} />
      </Group>
      <SubmissionEvidence
        submission={submission}
        emptyText="Files you upload for this task will show here."
        emptyTestId="evidence-empty"
        actionFor={(file) => {
          if (file.canWithdraw) {
            return <WithdrawEvidenceButton fileId={file.id} fileName={file.fileName} />;
          }
          // Beside files that may go, say why this one may not.
          if (file.withdrawRefusal === 'judged' && someWithdrawable) {
            return (
              <Text size="xs" c="dimmed" data-testid="file-assessed">
                Already assessed
              </Text>
            );
          }
          return null;
        }}
      />
      {/* What assessors observed of the student at work is evidence on the submission too (issue 29 §5). */}
      <TaskObservations taskId={task.id} />
      {/* Supervisors' reports on the task, and asking one for a report (issue 30 §1). */}
      <OwnThirdPartySection task={task} />
      {onlyFileWaits ? (
        <Text size="sm" c="dimmed" data-testid="withdraw-hint">
          To replace this file, add the right one first, then withdraw this one.
        </Text>
      ) : null}
      {canAddMoreEvidence(status) ? <AddMore task={task} userId={userId} status={status} /> : null}
    </Stack>
  );
}

function AddMore({ task, userId, status }: { task: ViewedTask; userId: string; status: TaskStatus }) {
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-labelledby="add-more-title">
      <Stack gap="xs">
        <Text fw={600} id="add-more-title">
          {status === 'submitted' ? 'Not graded yet' : 'Add evidence'}
        </Text>
        {status === 'submitted' ? (
          <Text size="sm" c="dimmed">
            Add anything you missed, or withdraw a file you added by mistake. Your assessor sees every file.
          </Text>
        ) : null}
        <AddEvidenceControls
          userId={userId}
          taskId={task.id}
          taskTitle={task.title}
          describedBy="evidence-task-title"
          evidenceTypes={task.evidenceTypes}
          addLabel={status === 'pending' ? 'Add Evidence' : 'Add more evidence'}
        />
      </Stack>
    </Paper>
  );
}
