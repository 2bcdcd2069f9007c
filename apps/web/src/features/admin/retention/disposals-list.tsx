import { Paper, Stack, Text, Title } from '@mantine/core';
import { countNoun } from '../../../format/count-noun';
import { type Disposal, day } from './retention-types';

/** The tombstones: whose records for which unit went, when and by whom, and how much of each. */
export function DisposalsList({ disposals }: { disposals: Disposal[] | undefined }) {
  if (!disposals) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="disposals-heading">
      <Title order={2} fz="lg" id="disposals-heading">
        Disposed of
      </Title>
      {disposals.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing has been disposed of yet.
        </Text>
      ) : null}
      {disposals.map((row) => (
        <Paper key={row.id} withBorder radius="md" p="md" data-testid="disposal">
          <Text fw={600}>
            {row.studentName} · {row.unitCode}
          </Text>
          <Text size="sm" c="dimmed">
            Completed {day(row.completedAt)} · disposed of {day(row.disposedAt)} by {row.disposedByName}
          </Text>
          <Text size="sm">
            {countNoun(row.counts.files, 'file')}, {countNoun(row.counts.submissions, 'submission')},{' '}
            {countNoun(row.counts.decisions, 'decision')}, {countNoun(row.counts.observations, 'observation')}
            , {countNoun(row.counts.declarations, 'declaration')}
            {row.counts.thirdPartyReports > 0
              ? `, ${countNoun(row.counts.thirdPartyReports, 'supervisor report')}`
              : ''}
            {row.counts.auditPacks > 0 ? `, ${countNoun(row.counts.auditPacks, 'audit pack')}` : ''}
          </Text>
          {row.filesPending > 0 ? (
            <Text size="sm" c="orange.8">
              {countNoun(row.filesPending, 'stored file')} still to remove: tried again at the next disposal.
            </Text>
          ) : null}
        </Paper>
      ))}
    </Stack>
  );
}
