import { Anchor, Badge, Button, EmptyState, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArchive, IconLock, IconTrash } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { trpc } from '../../../data-layer/trpc-client';
import { countNoun } from '../../../format/count-noun';
import { confirmAction } from '../../dialog/confirm';
import { errorMessage } from '../../toast/error-message';
import { toastError, toastSuccess } from '../../toast/toast';
import { useDocumentTitle } from '../../widgets/document-title';
import { LoadError } from '../../widgets/load-error';
import { PageHeader } from '../../widgets/page-header';
import { DisposalsList } from './disposals-list';
import { LegalHoldsPanel } from './legal-holds-panel';
import { type DueRecord, day } from './retention-types';

const outcomeLabel = { competent: 'Competent', not_yet_competent: 'Not Yet Competent' } as const;

/** What a disposal deletes, in words for the confirmation: named so no one disposes of more than they meant. */
function whatGoes(row: DueRecord): string {
  return (
    `Deleted for good: ${countNoun(row.files, 'evidence file')} (from storage too) and ` +
    `${countNoun(row.submissions, 'submission')} with their decisions, observations, the declarations ` +
    `covering them, supervisors’ reports asked only about this unit, and any audit packs holding them. ` +
    `The unit outcome ` +
    `(${outcomeLabel[row.outcome]}) is kept. A tombstone records who disposed of what, and when.`
  );
}

function DueRow({
  row,
  onDispose,
  busy,
}: {
  row: DueRecord;
  onDispose: (row: DueRecord) => void;
  busy: boolean;
}) {
  const held = row.holdIds.length > 0;
  return (
    <Paper withBorder radius="md" p="md" data-testid="due-record">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} style={{ minWidth: 0, flex: '1 1 220px' }}>
          <Group gap="xs">
            <Text fw={600}>{row.studentName}</Text>
            {held ? (
              <Badge color="orange" variant="light" leftSection={<IconLock size={12} aria-hidden />}>
                On legal hold
              </Badge>
            ) : null}
          </Group>
          <Text size="sm">
            {row.unitCode} {row.unitTitle}
          </Text>
          <Text size="sm" c="dimmed">
            {outcomeLabel[row.outcome]} on {day(row.completedAt)} · due for disposal since {day(row.dueSince)}
          </Text>
          <Text size="sm" c="dimmed">
            {countNoun(row.files, 'file')}, {countNoun(row.submissions, 'submission')}
          </Text>
        </Stack>
        <Button
          color="red"
          variant="light"
          leftSection={<IconTrash size={16} aria-hidden />}
          disabled={held}
          loading={busy}
          aria-label={`Dispose of ${row.studentName}’s records in ${row.unitCode}`}
          onClick={() => onDispose(row)}
        >
          Dispose
        </Button>
      </Group>
      {held ? (
        <Text size="sm" mt="xs" c="orange.8">
          A legal hold stops disposal until it is lifted.
        </Text>
      ) : null}
    </Paper>
  );
}

/**
 * Records kept (/admin/retention, issue 30 §4): completed assessment records past their period, for
 * an admin to dispose of one student and unit at a time; the legal holds that stop it; the tombstones.
 */
export function RetentionPage() {
  useDocumentTitle('Records kept');
  const overview = trpc.admin.retention.get.useQuery();
  const utils = trpc.useUtils();
  const dispose = trpc.admin.retention.removeRecords.useMutation({
    onSuccess: (done) => {
      void utils.admin.retention.get.invalidate();
      toastSuccess('Records disposed of', `${done.studentName}’s records in ${done.unitCode} are gone.`);
    },
    onError: (error) =>
      toastError('Could not dispose of the records', errorMessage(error, 'Please try again')),
  });

  function confirmDispose(row: DueRecord) {
    confirmAction({
      title: 'Dispose of records',
      message: `Dispose of ${row.studentName}’s assessment records in ${row.unitCode}?`,
      detail: whatGoes(row),
      confirmLabel: 'Dispose of records',
      destructive: true,
      onConfirm: () => dispose.mutate({ studentId: row.studentId, unitId: row.unitId }),
    });
  }

  const period = overview.data?.period;
  return (
    <>
      <PageHeader
        title="Records kept"
        subtitle="Completed assessment records past their retention period, legal holds, and what was disposed of."
      />
      {overview.isError ? (
        <LoadError
          title="Could not load the records"
          error={overview.error}
          onRetry={() => void overview.refetch()}
        />
      ) : (
        <Stack gap="lg">
          <Text size="sm" maw={720}>
            {period ? (
              <>
                Records are kept for <strong>{period.label}</strong> after the unit outcome
                {period.isDefault ? ' (the default)' : ''}; unit outcomes for {period.outcomeYears} years.{' '}
                <Anchor component={Link} to="/admin/settings">
                  Change the period in Settings
                </Anchor>
                .
              </>
            ) : (
              <Skeleton height={20} width="60%" aria-label="Loading" />
            )}
          </Text>
          <Stack gap="sm" component="section" aria-labelledby="due-heading">
            <Title order={2} fz="lg" id="due-heading">
              Past their period
            </Title>
            {overview.isPending ? <Skeleton height={96} radius="md" aria-label="Loading" /> : null}
            {overview.data && overview.data.due.length === 0 ? (
              <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
                <EmptyState icon={<IconArchive stroke={1.6} aria-hidden />} variant="light">
                  <EmptyState.Title order={3}>No records past their period</EmptyState.Title>
                  <EmptyState.Description>
                    Records appear here once their period has run from the student’s unit outcome.
                  </EmptyState.Description>
                </EmptyState>
              </Paper>
            ) : null}
            {overview.data?.due.map((row) => (
              <DueRow
                key={`${row.studentId}:${row.unitId}`}
                row={row}
                onDispose={confirmDispose}
                busy={
                  dispose.isPending &&
                  dispose.variables?.studentId === row.studentId &&
                  dispose.variables?.unitId === row.unitId
                }
              />
            ))}
          </Stack>
          <LegalHoldsPanel holds={overview.data?.holds} />
          <DisposalsList disposals={overview.data?.disposals} />
        </Stack>
      )}
    </>
  );
}
