import { gradeStatusLabels } from '@evident/core/grading';
import { fullName } from '@evident/core/user';
import { Alert, Badge, Button, CopyButton, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconCheck, IconCopy, IconUserCheck } from '@tabler/icons-react';
import { useEffect } from 'react';
import { trpc } from '../../data-layer/trpc-client';
import { dateAndTimeFormat } from '../../format/date-time';
import { onFirstUse } from '../../format/on-first-use';
import type { GoneCard } from './graded-elsewhere';
import classes from './grading.module.css';

const relative = onFirstUse(() => new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' }));
/** 'just now' for the last minute, then minutes ago, then the time itself. */
export function whenGraded(createdAt: string, now: number = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(createdAt)) / 1000));
  if (seconds < 60) return 'just now';
  if (seconds < 3600) return relative().format(-Math.round(seconds / 60), 'minute');
  return `on ${dateAndTimeFormat().format(new Date(createdAt))}`;
}

type GradedElsewhereCardProps = { card: GoneCard; onDismiss: (submissionId: string) => void };

/**
 * A card someone else graded while it was open here: who decided and how, and what this assessor
 * had typed, read-only (it was never sent), until they dismiss it.
 */
export function GradedElsewhereCard({ card, onDismiss }: GradedElsewhereCardProps) {
  const { submission, draft } = card;
  const outcome = trpc.staff.submissions.listOutcomes.useQuery({ submissionIds: [submission.id] });
  const decision = outcome.data?.[0]?.lastDecision ?? null;
  const stillWaiting = outcome.data?.[0]?.status === 'submitted';
  const who = decision?.assessorName ?? 'another assessor';
  const headline = stillWaiting
    ? 'No longer on this list'
    : `Graded by ${who}${decision ? ` ${whenGraded(decision.createdAt)}` : ''}`;
  const titleId = `gone-${submission.id}-title`;
  const typed = [draft?.comment.trim(), draft?.strategies.trim()].filter(Boolean).join('\n\n');
  // Not graded after all (it left the list for another reason, say a filter): with nothing typed
  // there is nothing to keep, so the card goes quietly.
  const notGraded = outcome.isSuccess && (outcome.data.length === 0 || stillWaiting);
  useEffect(() => {
    if (notGraded && !typed) onDismiss(submission.id);
  }, [notGraded, typed, onDismiss, submission.id]);
  return (
    <Paper
      component="article"
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      aria-labelledby={titleId}
      className={classes.card}
      data-gone
      data-testid="graded-elsewhere"
      data-submission-id={submission.id}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={2} flex={1} miw={0}>
            <Text size="sm" c="dimmed" fw={600}>
              {fullName(submission.student)}
            </Text>
            <Title order={2} size="h4" id={titleId} className={classes.wrap}>
              {submission.task.title}
            </Title>
          </Stack>
          <Badge
            variant="light"
            color="gray"
            radius="sm"
            tt="none"
            ff="monospace"
            title={submission.unit.title}
          >
            {submission.unit.unitCode}
          </Badge>
        </Group>
        <Alert
          variant="light"
          color={decision?.status === 'satisfactory' ? 'green' : 'orange'}
          radius="md"
          icon={<IconUserCheck aria-hidden />}
          title={headline}
          role="status"
          data-testid="graded-by"
        >
          <Stack gap={4}>
            {decision && !stillWaiting ? (
              <Text size="sm">Decision: {gradeStatusLabels[decision.status]}</Text>
            ) : null}
            {typed ? (
              <Text size="sm">What you typed was not sent. It stays here until you dismiss it.</Text>
            ) : null}
          </Stack>
        </Alert>
        {draft?.comment.trim() ? (
          <Textarea label="Your comment (not sent)" value={draft.comment} readOnly autosize maxRows={8} />
        ) : null}
        {draft?.strategies.trim() ? (
          <Textarea
            label="Your strategies for reassessment (not sent)"
            value={draft.strategies}
            readOnly
            autosize
            maxRows={8}
          />
        ) : null}
        <Group justify="flex-end" gap="xs">
          {typed ? (
            <CopyButton value={typed}>
              {({ copied, copy }) => (
                <Button
                  variant="subtle"
                  leftSection={
                    copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />
                  }
                  onClick={copy}
                >
                  {copied ? 'Copied' : 'Copy text'}
                </Button>
              )}
            </CopyButton>
          ) : null}
          <Button
            variant="default"
            onClick={() => onDismiss(submission.id)}
            aria-label={`Dismiss ${submission.task.title}`}
          >
            Dismiss
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
