import type { GradeDraft, GradeStatus } from '@evident/core/grading';
import { fullName } from '@evident/core/user';
import { Badge, Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconClipboardCheck } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { memo } from 'react';
import { DateTimeText, dateAndTime } from '../../format/date-time';
import { SubmissionObservations } from '../observation/observation-lists';
import { StaffThirdPartySection } from '../third-party/third-party-section';
import { EarlierDecisions } from './earlier-decisions';
import classes from './grading.module.css';
import { GradingFileTile } from './grading-file-tile';
import type { GradingFile, GradingSubmission } from './grading-types';
import { GrowingTextarea } from './growing-textarea';

type SubmissionCardProps = {
  submission: GradingSubmission;
  draft: GradeDraft;
  selected: boolean;
  busy: boolean;
  onSelect: (id: string, selected: boolean) => void;
  onDraft: (id: string, draft: GradeDraft) => void;
  onGrade: (id: string, status: GradeStatus) => void;
  onOpenFile: (file: GradingFile) => void;
  /** An admin's view: the evidence without the decision controls. */
  readOnly?: boolean;
};

/** One submission awaiting a decision: what was asked, the evidence in place, and the decision. */
export const SubmissionCard = memo(function SubmissionCard({
  submission,
  draft,
  selected,
  busy,
  onSelect,
  onDraft,
  onGrade,
  onOpenFile,
  readOnly = false,
}: SubmissionCardProps) {
  const { id, task, unit } = submission;
  const titleId = `submission-${id}-title`;
  const studentName = fullName(submission.student);
  const newFiles = submission.files.filter((file) => file.isNew).length;
  return (
    <Paper
      component="article"
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      aria-labelledby={titleId}
      className={classes.card}
      data-selected={selected || undefined}
      data-testid="submission-card"
      data-submission-id={id}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          {readOnly ? null : (
            <Checkbox
              checked={selected}
              onChange={(event) => onSelect(id, event.currentTarget.checked)}
              aria-label={`Select ${task.title} for ${studentName}`}
              size="md"
              mt={4}
            />
          )}
          <Stack gap={2} flex={1} miw={0}>
            <Text size="sm" c="dimmed" fw={600}>
              {studentName}
            </Text>
            <Title order={2} size="h4" id={titleId} className={classes.wrap}>
              {task.title}
            </Title>
          </Stack>
          <Badge variant="light" color="gray" radius="sm" tt="none" ff="monospace" title={unit.title}>
            {unit.unitCode}
          </Badge>
        </Group>
        {task.description ? (
          <Text size="sm" className={classes.description}>
            {task.description}
          </Text>
        ) : null}
        <Text size="xs" c="dimmed">
          {submission.earlierDecisions.length > 0 ? 'Resubmitted' : 'Submitted'}{' '}
          <DateTimeText value={submission.submittedAt} options={dateAndTime} />
        </Text>

        {newFiles > 0 ? (
          <Text size="xs" fw={600} c="blue" data-testid="new-files-count">
            {newFiles === 1 ? '1 file' : `${newFiles} files`} new since the last decision
          </Text>
        ) : null}
        {submission.files.length > 0 ? (
          <ul className={classes.tiles} aria-label={`Evidence files for ${task.title}`}>
            {submission.files.map((file) => (
              <GradingFileTile key={file.id} file={file} onOpen={onOpenFile} />
            ))}
          </ul>
        ) : null}
        {/* Observation checklists are evidence too (issue 29 §5), and so is a supervisor's report (below). */}
        <SubmissionObservations
          submissionId={id}
          emptyText={
            submission.files.length === 0
              ? 'No files from the student (none sent, or all withdrawn).'
              : undefined
          }
        />
        {/* A supervisor's report is supplementary evidence on the task (issue 30 §1). */}
        <StaffThirdPartySection studentId={submission.studentId} task={task} canAct={!readOnly} />

        <EarlierDecisions decisions={submission.earlierDecisions} />
        {readOnly ? null : (
          <>
            <Button
              renderRoot={(props) => (
                <Link
                  {...props}
                  to="/observe/$studentId/$taskId"
                  params={{ studentId: submission.studentId, taskId: task.id }}
                />
              )}
              variant="light"
              size="sm"
              leftSection={<IconClipboardCheck size={18} aria-hidden />}
              style={{ alignSelf: 'flex-start' }}
              aria-label={`Observe ${studentName} at work on ${task.title}`}
            >
              Observe at work
            </Button>
            <GrowingTextarea
              label="Comment"
              placeholder="Feedback for the student (optional)"
              minRows={2}
              maxRows={8}
              value={draft.comment}
              onChange={(event) => onDraft(id, { ...draft, comment: event.currentTarget.value })}
            />
            <GrowingTextarea
              label="Strategies for reassessment"
              description="Required for Not Yet Satisfactory"
              placeholder="What the student should do or show next"
              minRows={2}
              maxRows={8}
              value={draft.strategies}
              onChange={(event) => onDraft(id, { ...draft, strategies: event.currentTarget.value })}
            />
            <div className={classes.gradeActions}>
              <Button
                color="green"
                leftSection={<IconCircleCheck size={18} aria-hidden />}
                disabled={busy}
                onClick={() => onGrade(id, 'satisfactory')}
              >
                Satisfactory
              </Button>
              <Button
                color="orange"
                variant="light"
                leftSection={<IconAlertCircle size={18} aria-hidden />}
                disabled={busy}
                onClick={() => onGrade(id, 'not_yet_satisfactory')}
              >
                Not Yet Satisfactory
              </Button>
            </div>
          </>
        )}
      </Stack>
    </Paper>
  );
});
