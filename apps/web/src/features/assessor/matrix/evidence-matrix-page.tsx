import {
  filterMatrixStudents,
  type MatrixFilter,
  matrixFilterLabels,
  matrixFilters,
  matrixProgress,
} from '@evident/core/evidence-matrix';
import { Button, EmptyState, Paper, SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import { IconDownload, IconFilterOff, IconTable, IconUsers } from '@tabler/icons-react';
import { keepPreviousData } from '@tanstack/react-query';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { trpc } from '../../../data-layer/trpc-client';
import { useCurrentUser } from '../../auth/use-current-user';
import { lazyDialog } from '../../dialog/lazy-dialog';
import { downloadInTabSession } from '../../lti/tab-session-download';
import { useDocumentTitle } from '../../widgets/document-title';
import { LoadError } from '../../widgets/load-error';
import { PageHeader } from '../../widgets/page-header';
import { positionedWhileOpen } from '../../widgets/positioned-while-open';
import { SelectOnDemand } from '../../widgets/select-on-demand';
import { ClassFilterSelect } from '../class-filter-select';
import type { OutcomeSubject } from '../unit-outcome/unit-outcome-dialog';
import { useClassFilter } from '../use-class-filter';
import { EmailOutstandingButton } from './email-outstanding-button';
import { MatrixGrid } from './matrix-grid';
import { MatrixLegend } from './matrix-legend';
import classes from './matrix-page.module.css';
import { type MatrixSearch, matrixQueryInput } from './matrix-query';
import type { MatrixStudent, MatrixTask, MatrixView } from './matrix-types';
import type { OpenCell } from './submission-dialog';

// The two dialogs a cell opens come after the matrix (their code once the screen is idle): a phone's
// first screen runs none of it (issue 31 §3).
const SubmissionDialog = lazyDialog<{ cell: OpenCell | null; onClose: () => void }>(
  () => import('./submission-dialog').then((module) => module.SubmissionDialog),
  (props) => props.cell !== null,
);
const UnitOutcomeDialog = lazyDialog<{ subject: OutcomeSubject | null; onClose: () => void }>(
  () => import('../unit-outcome/unit-outcome-dialog').then((module) => module.UnitOutcomeDialog),
  (props) => props.subject !== null,
);

type EvidenceMatrixPageProps = {
  /** `/matrix?classId=…&unitId=…`: one class and one unit, as a link names them (issue 19). */
  search?: MatrixSearch;
  /** Keeps the address in step with the choices, so the view can be bookmarked or shared. */
  onSearch?: (search: MatrixSearch) => void;
};

/** Spec section 2, Evidence Matrix (/matrix and the assessor's /): every student against every task. */
export function EvidenceMatrixPage({ search = {}, onSearch }: EvidenceMatrixPageProps) {
  useDocumentTitle('Evidence Matrix');
  // Null until someone picks one: the server then shows the unit with the latest evidence.
  const [pickedUnitId, setUnitId] = useState<string | null>(search.unitId ?? null);
  const unitId = search.unitId ?? pickedUnitId;
  const [filter, setFilter] = useState<MatrixFilter>('all');
  const classFilter = useClassFilter();
  // A class named in the address wins over the remembered one.
  const classId = search.classId ?? classFilter.classId;
  const matrix = trpc.staff.evidenceMatrix.get.useQuery(matrixQueryInput(classId, unitId), {
    placeholderData: keepPreviousData,
    enabled: classFilter.ready || search.classId !== undefined,
  });
  const shownUnitId = matrix.data?.unit?.id ?? null;
  const exportUrl = `/api/reports/evidence-matrix.csv?${new URLSearchParams({ unitId: shownUnitId ?? '', filter, ...(classId ? { classId } : {}) })}`;
  const chooseUnit = (next: string) => {
    setUnitId(next);
    onSearch?.({ ...search, unitId: next });
  };
  const chooseClass = (next: string | null) => {
    // Another class offers other units: the server picks one of them.
    setUnitId(null);
    classFilter.choose(next);
    onSearch?.(next ? { classId: next } : {});
  };

  return (
    <>
      <PageHeader
        title="Evidence Matrix"
        subtitle="Overview of all student progress and submissions"
        actions={
          <>
            <EmailOutstandingButton unitId={shownUnitId} classId={classId} />
            <Button
              component="a"
              href={exportUrl}
              download
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              data-disabled={shownUnitId ? undefined : true}
              onClick={(event) => {
                if (!shownUnitId) event.preventDefault();
                downloadInTabSession(event);
              }}
            >
              Export
            </Button>
          </>
        }
      />
      {matrix.isPending && !matrix.isError ? <MatrixSkeleton /> : null}
      {matrix.isError && !matrix.data ? (
        <LoadError
          title="Could not load the matrix"
          error={matrix.error}
          onRetry={() => void matrix.refetch()}
        />
      ) : null}
      {matrix.data ? (
        <MatrixContent
          view={matrix.data}
          filter={filter}
          onFilter={setFilter}
          onUnit={chooseUnit}
          classSelect={
            <ClassFilterSelect
              className={classes.unitSelect}
              classes={classFilter.classes}
              classId={classId}
              onChange={chooseClass}
            />
          }
          switching={matrix.isPlaceholderData}
        />
      ) : null}
    </>
  );
}

type MatrixContentProps = {
  view: MatrixView;
  filter: MatrixFilter;
  onFilter: (filter: MatrixFilter) => void;
  onUnit: (unitId: string) => void;
  switching: boolean;
  classSelect: ReactNode;
};

function MatrixContent({ view, filter, onFilter, onUnit, switching, classSelect }: MatrixContentProps) {
  const [open, setOpen] = useState<OpenCell | null>(null);
  const [judging, setJudging] = useState<OutcomeSubject | null>(null);
  const canRecord = useCurrentUser()?.role === 'assessor';
  const { students, tasks, submissions, outcomes, unit } = view;
  const visible = useMemo(
    () => filterMatrixStudents(students, tasks, submissions, filter),
    [students, tasks, submissions, filter],
  );
  const onOpenCell = useCallback(
    (student: MatrixStudent, task: MatrixTask) =>
      setOpen({ student, task, taskNumber: tasks.indexOf(task) + 1 }),
    [tasks],
  );
  const onOpenOutcome = useCallback(
    (student: MatrixStudent) => {
      if (!unit) return;
      const { satisfied, total } = matrixProgress(submissions, student.id, tasks);
      setJudging({ student, unit, satisfied, total });
    },
    [unit, submissions, tasks],
  );
  const unitOptions = view.units.map((unit) => ({
    value: unit.id,
    label: `${unit.unitCode} · ${unit.title}`,
  }));

  return (
    <Stack gap="md">
      <div className={classes.toolbar}>
        <div className={classes.controls}>
          {classSelect}
          <SelectOnDemand
            className={classes.unitSelect}
            label="Unit"
            data={unitOptions}
            value={view.unit?.id ?? null}
            onChange={(value) => value && onUnit(value)}
            allowDeselect={false}
            searchable={view.units.length > 8}
            nothingFoundMessage="No unit matches"
            disabled={view.units.length === 0}
            placeholder="No units yet"
            data-testid="matrix-unit"
            comboboxProps={positionedWhileOpen}
          />
          <SegmentedControl
            aria-label="Show students"
            value={filter}
            onChange={(value) => onFilter(value as MatrixFilter)}
            data={matrixFilters.map((value) => ({ value, label: matrixFilterLabels[value] }))}
            data-testid="matrix-filter"
          />
        </div>
        <MatrixLegend />
      </div>

      <Text size="sm" c="dimmed" role="status" aria-live="polite" data-testid="matrix-count">
        {filter === 'all' || students.length === 0
          ? `${students.length} ${students.length === 1 ? 'student' : 'students'} · ${tasks.length} ${tasks.length === 1 ? 'task' : 'tasks'}`
          : `Showing ${visible.length} of ${students.length} students`}
      </Text>

      <div style={{ opacity: switching ? 0.6 : 1 }}>
        {students.length === 0 ? (
          <NoStudents unitCode={view.unit?.unitCode} />
        ) : visible.length === 0 ? (
          <NothingMatches onShowAll={() => onFilter('all')} />
        ) : (
          <MatrixGrid
            students={visible}
            tasks={tasks}
            submissions={submissions}
            outcomes={outcomes}
            onOpenCell={onOpenCell}
            onOpenOutcome={onOpenOutcome}
            canRecord={canRecord}
          />
        )}
      </div>

      <SubmissionDialog cell={open} onClose={() => setOpen(null)} />
      <UnitOutcomeDialog subject={judging} onClose={() => setJudging(null)} />
    </Stack>
  );
}

function NoStudents({ unitCode }: { unitCode: string | undefined }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} data-testid="matrix-empty">
      <EmptyState icon={<IconUsers stroke={1.6} aria-hidden />} variant="light">
        <EmptyState.Title order={2}>No students yet</EmptyState.Title>
        <EmptyState.Description>
          {unitCode
            ? `No students are enrolled in ${unitCode} yet. They appear here once they set up the unit.`
            : 'There are no units yet. Students appear here once they set up a unit.'}
        </EmptyState.Description>
      </EmptyState>
    </Paper>
  );
}

function NothingMatches({ onShowAll }: { onShowAll: () => void }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} data-testid="matrix-empty">
      <EmptyState icon={<IconTable stroke={1.6} aria-hidden />} variant="light">
        <EmptyState.Title order={2}>No data available</EmptyState.Title>
        <EmptyState.Description>No students match the selected filters</EmptyState.Description>
        <EmptyState.Actions>
          <Button variant="default" leftSection={<IconFilterOff size={16} aria-hidden />} onClick={onShowAll}>
            Show all students
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </Paper>
  );
}

function MatrixSkeleton() {
  return (
    <Stack gap="md" aria-busy="true" aria-label="Loading the matrix">
      <Skeleton height={36} maw={640} />
      <Skeleton height={360} radius="lg" />
    </Stack>
  );
}
