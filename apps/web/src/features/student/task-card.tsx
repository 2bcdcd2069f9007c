import { canAddEvidence, taskStatus } from '@evident/core/student-progress';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconBulb, IconEye, IconMessageCircle } from '@tabler/icons-react';
import { memo } from 'react';
import { trpc } from '../../data-layer/trpc-client';
import { PhaseBadge } from '../curriculum/phase-badge';
import { AddEvidenceControls } from '../evidence/add-evidence-controls';
import { StatusBadge } from '../evidence/status-badge';
import { useTaskUpload } from '../evidence/upload-store';
import { ClampedText } from './clamped-text';
import type { StudentTask } from './student-task';
import classes from './task-card.module.css';
import { UndeclaredPrompt } from './undeclared-prompt';

type TaskCardProps = {
  task: StudentTask;
  userId: string;
  onViewEvidence: (task: StudentTask) => void;
};

/** One task on the dashboard: what to do, what good looks like, its status and its evidence actions. */
export const TaskCard = memo(function TaskCard({ task, userId, onViewEvidence }: TaskCardProps) {
  const status = taskStatus(task);
  const titleId = `task-${task.id}-title`;
  const addable = canAddEvidence(status);
  const fileCount = task.submission?.fileCount ?? 0;
  const occasionSuffix = task.occasion !== null ? / \(occasion \d+\)$/i.exec(task.title)?.[0] : undefined;
  const addingMore = useTaskUpload(userId, task.id)?.state === 'active' && !addable;

  return (
    <Paper
      component="article"
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      className={classes.card}
      aria-labelledby={titleId}
      data-testid="task-card"
      data-task-id={task.id}
      data-status={status}
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Group gap={6}>
            <PhaseBadge phase={task.phase} />
            {task.occasion !== null ? (
              <Badge variant="light" color="gray" radius="sm" tt="none">
                Occasion {task.occasion}
              </Badge>
            ) : null}
          </Group>
          <div className={classes.status}>
            <StatusBadge status={status} />
          </div>
        </Group>

        <Title order={3} size="h5" id={titleId} className={classes.title}>
          {occasionSuffix ? (
            <>
              {task.title.slice(0, -occasionSuffix.length)}
              {/* The badge shows the occasion; screen readers still hear two occasions apart. */}
              <VisuallyHidden>{occasionSuffix}</VisuallyHidden>
            </>
          ) : (
            task.title
          )}
        </Title>
        {/* Long text would make every card a screen tall on a phone: a few lines, then "More". */}
        {task.description ? (
          <ClampedText text={task.description} lines={3} describedBy={titleId} testId="task-description" />
        ) : null}

        {task.tooltip ? (
          <div className={classes.hint}>
            <IconBulb size={18} className={classes.hintIcon} aria-hidden />
            <div className={classes.hintBody}>
              <Text size="xs" fw={700} className={classes.hintTitle}>
                What good looks like
              </Text>
              <ClampedText
                text={task.tooltip}
                lines={2}
                tone="hint"
                describedBy={titleId}
                testId="task-tooltip"
              />
            </div>
          </div>
        ) : null}

        {task.evidenceTypes.length > 0 ? (
          <Group gap={6} aria-label="Evidence types">
            <Text size="xs" c="dimmed" fw={600}>
              Evidence:
            </Text>
            {task.evidenceTypes.map((type) => (
              <Badge key={type} size="sm" variant="default" radius="sm" data-testid="evidence-type">
                {type.toUpperCase()}
              </Badge>
            ))}
          </Group>
        ) : null}

        {task.submission?.assessorComment ? (
          <Alert
            variant="light"
            color={status === 'not_yet_satisfactory' ? 'orange' : 'gray'}
            radius="md"
            p="sm"
            title="Assessor comment"
            classNames={{ title: classes.alertTitle }}
            icon={<IconMessageCircle size={18} aria-hidden />}
            data-testid="assessor-comment"
          >
            <Text size="sm" className={classes.text}>
              {task.submission.assessorComment}
            </Text>
          </Alert>
        ) : null}

        {status === 'not_yet_satisfactory' ? <ReassessmentStrategies taskId={task.id} /> : null}

        {fileCount > 0 ? (
          <UndeclaredPrompt taskId={task.id} taskTitle={task.title} describedBy={titleId} />
        ) : null}

        <div className={classes.actions}>
          {addable ? (
            <AddEvidenceControls
              userId={userId}
              taskId={task.id}
              taskTitle={task.title}
              describedBy={titleId}
              evidenceTypes={task.evidenceTypes}
            />
          ) : null}
          {!addable || fileCount > 0 ? (
            <Button
              variant={addable ? 'subtle' : 'default'}
              leftSection={
                // A file being added from View Evidence: the card says so too (spec: 'Uploading...').
                addingMore ? (
                  <Loader size={16} color="currentColor" aria-hidden />
                ) : (
                  <IconEye size={18} aria-hidden />
                )
              }
              onClick={() => onViewEvidence(task)}
              aria-describedby={titleId}
              mt={addable ? 'xs' : undefined}
              data-testid="view-evidence"
            >
              {addingMore ? 'Uploading...' : `View Evidence${fileCount > 1 ? ` (${fileCount})` : ''}`}
            </Button>
          ) : null}
        </div>
      </Stack>
    </Paper>
  );
});

/** What to do differently, from the assessor's not-yet-satisfactory grading (only in the task's evidence). */
function ReassessmentStrategies({ taskId }: { taskId: string }) {
  const evidence = trpc.student.evidence.list.useQuery({ taskId });
  const strategies = evidence.data?.submission?.strategiesForReassessment;
  if (!strategies) return null;
  return (
    <Alert
      variant="light"
      color="orange"
      radius="md"
      p="sm"
      title="Strategies for reassessment"
      classNames={{ title: classes.alertTitle }}
    >
      <Text size="sm" className={classes.text}>
        {strategies}
      </Text>
    </Alert>
  );
}
