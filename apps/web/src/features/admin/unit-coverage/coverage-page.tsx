import { coverageSummary } from '@evident/core/coverage';
import { releaseLabel } from '@evident/core/requirement-text';
import { Alert, Anchor, Button, Paper, Skeleton, Stack, Text } from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowLeft,
  IconCircleCheck,
  IconDownload,
  IconFileText,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { trpc } from '../../../data-layer/trpc-client';
import { countNoun } from '../../../format/count-noun';
import { downloadInTabSession } from '../../lti/tab-session-download';
import { toastError } from '../../toast/toast';
import backClasses from '../../widgets/back-link.module.css';
import { useDocumentTitle } from '../../widgets/document-title';
import { LoadError } from '../../widgets/load-error';
import { PageHeader } from '../../widgets/page-header';
import type { AdminCoverage } from '../admin-types';
import { openMappingDocument } from '../units/mapping-window';
import classes from './coverage.module.css';
import { CoverageGrid } from './coverage-grid';

/** Issue 29 §2: which of the unit's tasks evidence which requirement item (/admin/units/{id}/coverage). */
export function CoveragePage({ unitId }: { unitId: string }) {
  const query = trpc.admin.coverage.get.useQuery({ id: unitId });
  useDocumentTitle(query.data ? `${query.data.unit.unitCode} coverage` : 'Coverage');
  const back = (
    <Anchor
      renderRoot={(props) => <Link {...props} to="/admin/units/$id/tasks" params={{ id: unitId }} />}
      size="sm"
      className={backClasses.back}
    >
      <IconArrowLeft size={16} aria-hidden />
      Back to Tasks
    </Anchor>
  );

  if (!query.data) {
    return (
      <>
        {back}
        {query.isError ? (
          <LoadError
            title="Could not load this unit's coverage"
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        ) : (
          <Stack gap="md" role="status" aria-busy="true" aria-label="Loading coverage">
            <Skeleton height={36} width={220} radius="sm" />
            <Skeleton height={72} radius="md" />
            <Skeleton height={320} radius="lg" />
          </Stack>
        )}
      </>
    );
  }

  const coverage = query.data;
  const { unit } = coverage;
  return (
    <>
      {back}
      <PageHeader
        title={`${unit.unitCode} coverage`}
        subtitle={`${unit.title} · ${releaseLabel(unit.release)}`}
        actions={coverage.items.length > 0 ? <CoverageActions coverage={coverage} /> : null}
      />
      {coverage.items.length === 0 ? (
        <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
          <Text fw={600}>No requirements yet</Text>
          <Text size="sm" c="dimmed" mt={4}>
            {unit.unitCode} has no requirements to map tasks to. Fetch them from TGA on the unit's form, then
            map its tasks.
          </Text>
          <Button
            renderRoot={(props) => <Link {...props} to="/admin/units/$id/edit" params={{ id: unit.id }} />}
            variant="light"
            mt="md"
          >
            Edit unit
          </Button>
        </Paper>
      ) : (
        <Stack gap="md">
          <CoverageSummary coverage={coverage} />
          <CoverageGrid coverage={coverage} />
        </Stack>
      )}
    </>
  );
}

function CoverageActions({ coverage }: { coverage: AdminCoverage }) {
  const { unit } = coverage;
  return (
    <>
      <Button
        component="a"
        href={`/api/admin/units/${unit.id}/coverage.csv`}
        onClick={downloadInTabSession}
        variant="default"
        leftSection={<IconDownload size={16} aria-hidden />}
      >
        Download CSV
      </Button>
      <Button
        variant="default"
        leftSection={<IconFileText size={16} aria-hidden />}
        onClick={() => {
          if (!openMappingDocument(unit.unitCode, coverage.mappingDocument))
            toastError('Could not open the mapping', 'Allow pop-up windows for this site and try again');
        }}
      >
        View Mapping
      </Button>
    </>
  );
}

/** The count at the top, and every item no task covers, so an admin sees the gap without scrolling the grid. */
function CoverageSummary({ coverage }: { coverage: AdminCoverage }) {
  const { counts } = coverage;
  const older = coverage.tasks.filter((task) => task.olderReleaseItems.length > 0);
  const olderNote =
    older.length > 0 ? (
      <Text size="sm" mt={6}>
        {countNoun(older.length, 'task')} still {older.length === 1 ? 'maps' : 'map'} items of an older
        release, which count for nothing here: edit {older.length === 1 ? 'it' : 'them'} to map this release's
        items.
      </Text>
    ) : null;
  if (counts.uncovered === 0) {
    return (
      <Alert
        color="teal"
        icon={<IconCircleCheck aria-hidden />}
        title={coverageSummary(counts)}
        role="status"
      >
        <Text size="sm">
          Every Performance Criterion, Performance Evidence and Knowledge Evidence item is mapped by at least
          one of {countNoun(counts.tasks, 'task')}.
        </Text>
        {olderNote}
      </Alert>
    );
  }
  const uncovered = coverage.items.filter((item) => coverage.uncovered.includes(item.key));
  return (
    <Alert color="orange" icon={<IconAlertTriangle aria-hidden />} title={coverageSummary(counts)}>
      <Text size="sm" mb={6}>
        {countNoun(counts.uncovered, 'item')} {counts.uncovered === 1 ? 'is' : 'are'} not covered by any task:
      </Text>
      <ul className={classes.uncoveredList} aria-label="Requirements not covered">
        {uncovered.map((item) => (
          <li key={item.id}>
            <Text size="sm" span className={classes.key}>
              {item.key}
            </Text>{' '}
            <Text size="sm" span>
              {item.text}
            </Text>
          </li>
        ))}
      </ul>
      {olderNote}
    </Alert>
  );
}
