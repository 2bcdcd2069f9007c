import type { StudentProgress } from '@evident/core/student-progress';
import { Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import classes from './student-home.module.css';

type ProgressCardProps = {
  /** The unit the dashboard shows: its code and title head the card. */
  unit: { unitCode: string; title: string };
  progress: StudentProgress;
  /** Tasks waiting for the assessor and tasks to redo, for the line under the bar. */
  submitted: number;
  notYetSatisfactory: number;
};

/** The 'My Progress' card for one unit: satisfactory tasks out of its tasks, as a count, a percentage and a bar. */
export function ProgressCard({ unit, progress, submitted, notYetSatisfactory }: ProgressCardProps) {
  const { completed, total, percent } = progress;
  const summary = `${completed} of ${total} tasks completed`;
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="progress-title"
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end" wrap="nowrap" gap="md">
          <Stack gap={2} miw={0}>
            <Text size="xs" fw={700} c="dimmed" className={classes.unitCode} data-testid="unit-code">
              {unit.unitCode}
            </Text>
            <Title order={2} size="h4" id="progress-title" data-testid="unit-title">
              {unit.title}
            </Title>
            <Text c="dimmed" size="sm" data-testid="progress-summary">
              {summary}
            </Text>
          </Stack>
          <Text className={classes.percent} data-testid="progress-percent" aria-hidden>
            {percent}%
          </Text>
        </Group>
        <Progress.Root
          size="lg"
          radius="xl"
          role="progressbar"
          aria-label="Tasks completed"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={`${percent}% (${summary})`}
          data-testid="progress-bar"
          transitionDuration={400}
        >
          <Progress.Section value={percent} withAria={false} color={percent === 100 ? 'green' : undefined} />
        </Progress.Root>
        {submitted > 0 || notYetSatisfactory > 0 ? (
          <Text size="xs" c="dimmed">
            {[
              submitted > 0 ? `${submitted} waiting for your assessor` : null,
              notYetSatisfactory > 0 ? `${notYetSatisfactory} to try again` : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
