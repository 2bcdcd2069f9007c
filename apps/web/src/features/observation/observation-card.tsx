import type { AppRouter } from '@evident/api/root';
import { type ObservationResult, observationResultLabels } from '@evident/core/observation-values';
import { Badge, Group, List, Paper, Stack, Text } from '@mantine/core';
import { IconClipboardCheck } from '@tabler/icons-react';
import type { inferRouterOutputs } from '@trpc/server';

export type ObservationView = inferRouterOutputs<AppRouter>['staff']['observations']['list'][number];

const resultColours: Record<ObservationResult, string> = {
  observed: 'teal',
  not_observed: 'red',
  not_applicable: 'gray',
};

/** A calendar day as written (`2026-03-02` -> `2 Mar 2026`): no time zone can move it to another day. */
function formatDay(day: string): string {
  const at = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(at.getTime())) return day;
  return new Intl.DateTimeFormat('en-AU', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(at);
}

const minutes = (count: number) => (count === 1 ? '1 minute' : `${count} minutes`);

/**
 * An observation checklist as evidence on a submission (issue 29 §5): 'Observation by {assessor}',
 * when, where and how long, the signature, and each item's result with its note. Shown on the
 * grading screen, the matrix cell and the student's View Evidence alike.
 */
export function ObservationCard({ observation }: { observation: ObservationView }) {
  const by = observation.assessorName ?? 'a former assessor';
  const counts = observationResultCounts(observation.items.map((item) => item.result));
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      data-testid="observation-card"
      component="section"
      aria-label={`Observation by ${by}`}
    >
      <Stack gap="xs">
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <IconClipboardCheck size={20} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Stack gap={2}>
            <Text fw={700}>Observation by {by}</Text>
            <Text size="sm" c="dimmed">
              {formatDay(observation.observedOn)} · {observation.place} ·{' '}
              {minutes(observation.durationMinutes)}
            </Text>
            <Text size="xs" c="dimmed">
              Signed {observation.signedName}
              {observation.actingAdminName ? `, recorded by admin ${observation.actingAdminName}` : ''}
              {observation.unitRelease ? ` · unit release ${observation.unitRelease}` : ''}
            </Text>
          </Stack>
        </Group>
        <Text size="sm">{counts}</Text>
        <List spacing={6} listStyleType="none" ps={0}>
          {observation.items.map((item) => (
            <List.Item key={item.key}>
              <Group gap={6} wrap="nowrap" align="flex-start">
                <Badge
                  variant="light"
                  radius="sm"
                  color={resultColours[item.result]}
                  style={{ flexShrink: 0 }}
                >
                  {observationResultLabels[item.result]}
                </Badge>
                <Text size="sm">
                  <Text span fw={600}>
                    {item.key}
                  </Text>
                  {item.text ? ` ${item.text}` : ''}
                  {item.note ? (
                    <Text span c="dimmed" display="block" size="sm">
                      Note: {item.note}
                    </Text>
                  ) : null}
                </Text>
              </Group>
            </List.Item>
          ))}
        </List>
      </Stack>
    </Paper>
  );
}

/** '3 observed, 1 not observed, 1 not applicable': the checklist at a glance. */
export function observationResultCounts(results: ObservationResult[]): string {
  const parts = (Object.keys(observationResultLabels) as ObservationResult[])
    .map((result) => [result, results.filter((r) => r === result).length] as const)
    .filter(([, count]) => count > 0)
    .map(([result, count]) => `${count} ${observationResultLabels[result].toLowerCase()}`);
  return parts.join(', ');
}
