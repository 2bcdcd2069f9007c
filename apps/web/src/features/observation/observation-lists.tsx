import { Stack, Text } from '@mantine/core';
import { trpc } from '../../data-layer/trpc-client';
import { ObservationCard, type ObservationView } from './observation-card';

type ObservationsProps = {
  observations: ObservationView[] | undefined;
  failed: boolean;
  /** Said once the list has loaded empty (the grading card's 'No files' when there is nothing else). */
  emptyText?: string;
};

function Observations({ observations, failed, emptyText }: ObservationsProps) {
  if (failed)
    return (
      <Text size="sm" c="red">
        Could not load the observations of this submission.
      </Text>
    );
  if (!observations) return null;
  if (observations.length === 0)
    return emptyText ? (
      <Text size="sm" c="dimmed">
        {emptyText}
      </Text>
    ) : null;
  return (
    <Stack gap="xs" data-testid="observations">
      {observations.map((observation) => (
        <ObservationCard key={observation.id} observation={observation} />
      ))}
    </Stack>
  );
}

/** The observation checklists on a submission, for the grading screen and the matrix cell. */
export function SubmissionObservations({
  submissionId,
  emptyText,
}: {
  submissionId: string;
  emptyText?: string;
}) {
  const list = trpc.staff.observations.list.useQuery({ submissionIds: [submissionId] });
  return <Observations observations={list.data} failed={list.isError} emptyText={emptyText} />;
}

/** What assessors observed of the signed-in student on a task, for View Evidence. */
export function TaskObservations({ taskId }: { taskId: string }) {
  const list = trpc.student.observations.list.useQuery({ taskId });
  return <Observations observations={list.data} failed={list.isError} />;
}
