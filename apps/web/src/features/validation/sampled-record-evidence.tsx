import type { AppRouter } from '@evident/api/root';
import { Anchor, Badge, Divider, Group, List, Skeleton, Stack, Text } from '@mantine/core';
import { IconFile } from '@tabler/icons-react';
import type { inferRouterOutputs } from '@trpc/server';
import { trpc } from '../../data-layer/trpc-client';
import { LoadError } from '../widgets/load-error';

type Sampled = inferRouterOutputs<AppRouter>['staff']['validationRounds']['getRecord'];
type Task = Sampled['record']['tasks'][number];

const decisionWords = { satisfactory: 'Satisfactory', not_yet_satisfactory: 'Not yet satisfactory' } as const;
const outcomeWords: Record<string, string> = {
  competent: 'Competent',
  not_yet_competent: 'Not yet competent',
};

function TaskEvidence({ task, files }: { task: Task; files: Sampled['files'] }) {
  const declared = task.files.filter((f) => f.declaration).length;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {task.number}. {task.title}
      </Text>
      {files.length > 0 ? (
        <List size="sm" spacing={2} icon={<IconFile size={14} aria-hidden />}>
          {files.map((file) => (
            <List.Item key={file.id}>
              <Anchor href={file.url} target="_blank" rel="noopener" size="sm">
                {file.fileName}
              </Anchor>
            </List.Item>
          ))}
        </List>
      ) : (
        <Text size="sm" c="dimmed">
          No files.
        </Text>
      )}
      {task.files.length > 0 ? (
        <Text size="xs" c="dimmed">
          Declared own work: {declared} of {task.files.length}
        </Text>
      ) : null}
      {task.decisions.map((decision, i) => (
        <Text key={`${task.number}-${i}`} size="sm">
          <Badge variant="light" color={decision.status === 'satisfactory' ? 'green' : 'orange'} mr="xs">
            {decisionWords[decision.status]}
          </Badge>
          {decision.assessorName ?? 'An assessor'}
          {decision.comment ? `: ${decision.comment}` : ''}
        </Text>
      ))}
      {task.observations.map((o, i) => (
        <Text key={`o-${task.number}-${i}`} size="sm">
          Observation checklist, {o.observedOn} at {o.place}:{' '}
          {o.items.filter((item) => item.result === 'observed').length} of {o.items.length} observed
        </Text>
      ))}
      {(task.thirdPartyReports ?? []).map((report, i) => (
        <Text key={`t-${task.number}-${i}`} size="sm">
          {report.label}: {report.supervisorName} ({report.workplace}),{' '}
          {report.observed ? 'observed' : 'not observed'}
          {report.comment ? `: ${report.comment}` : ''}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * A sampled record's evidence, as the validator reviews it (issue 30 §2): each task's files (opened
 * through short-lived links), declarations, observation checklists, third-party reports and
 * decisions, then the unit outcome. The PDF beside it holds the same, with every detail.
 */
export function SampledRecordEvidence({ roundId, studentId }: { roundId: string; studentId: string }) {
  const query = trpc.staff.validationRounds.getRecord.useQuery({ id: roundId, studentId });
  if (query.isError)
    return (
      <LoadError title="Could not load the record" error={query.error} onRetry={() => void query.refetch()} />
    );
  if (!query.data) return <Skeleton height={80} radius="md" aria-label="Loading the record" />;
  const { record, files } = query.data;
  // Oldest first: the one standing is the last not superseded.
  const outcome = record.unitOutcomes.filter((o) => !o.supersededAt).at(-1);
  return (
    <Stack
      component="section"
      gap="sm"
      aria-label={`Evidence of ${record.student.firstName} ${record.student.lastName}`}
    >
      {record.tasks.map((task) => (
        <TaskEvidence
          key={task.number}
          task={task}
          files={files.filter((f) => f.taskNumber === task.number)}
        />
      ))}
      <Divider />
      <Group gap="xs">
        <Text size="sm" fw={600}>
          Unit outcome:
        </Text>
        <Text size="sm">
          {outcome
            ? `${outcomeWords[outcome.outcome] ?? outcome.outcome}, by ${outcome.assessorName ?? 'an assessor'}: ${outcome.justification}`
            : 'None recorded yet.'}
        </Text>
      </Group>
    </Stack>
  );
}
