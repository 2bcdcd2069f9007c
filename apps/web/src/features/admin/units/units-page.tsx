import { Button, EmptyState, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconBook2, IconPlus, IconSearch } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { trpc } from '../../../data-layer/trpc-client';
import { countNoun, formatCount } from '../../../format/count-noun';
import { confirmAction } from '../../dialog/confirm';
import { invalidateFor } from '../../live/event-invalidations';
import { SearchField } from '../../search/search-field';
import { errorMessage } from '../../toast/error-message';
import { toastError, toastSuccess } from '../../toast/toast';
import { useDocumentTitle } from '../../widgets/document-title';
import { LoadError } from '../../widgets/load-error';
import { PageHeader } from '../../widgets/page-header';
import type { AdminUnit } from '../admin-types';
import { openMappingDocument, openMappingWindowFor } from './mapping-window';
import { type UnitAction, UnitCard } from './unit-card';
import { filterUnits, toSearchable } from './unit-search';
import classes from './units-page.module.css';

/** Cards rendered per page of results: a register-sized list (thousands) stays quick to search. */
const PAGE_SIZE = 50;

/** Spec section 2, Units Management (/admin/units). */
export function UnitsPage() {
  useDocumentTitle('Units');
  const units = trpc.admin.units.list.useQuery();
  const [query, setQuery] = useState('');
  const [limit, setLimit] = useState(PAGE_SIZE);
  // Typing stays instant; filtering and re-rendering the results follow at lower priority.
  const deferredQuery = useDeferredValue(query);
  const searchable = useMemo(() => toSearchable(units.data ?? []), [units.data]);
  const matches = useMemo(() => filterUnits(searchable, deferredQuery), [searchable, deferredQuery]);
  const visible = useMemo(() => matches.slice(0, limit), [matches, limit]);
  const { generate, remove, archive, unarchive, onAction } = useUnitActions();

  const busyFor = (unit: AdminUnit): UnitAction | null => {
    if (generate.isPending && generate.variables?.id === unit.id) return 'generate';
    if (remove.isPending && remove.variables?.id === unit.id) return 'delete';
    if (archive.isPending && archive.variables?.id === unit.id) return 'archive';
    if (unarchive.isPending && unarchive.variables?.id === unit.id) return 'unarchive';
    return null;
  };

  function search(value: string) {
    setQuery(value);
    setLimit(PAGE_SIZE);
  }

  const createButton = (
    <Button component={Link} to="/admin/units/new" leftSection={<IconPlus size={18} aria-hidden />}>
      Create Unit
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Units Management"
        subtitle="Units of competency, their Performance Evidence and workplace tasks."
        actions={createButton}
      />

      {units.isError ? (
        <LoadError title="Could not load units" error={units.error} onRetry={() => void units.refetch()} />
      ) : null}

      {units.isPending ? <UnitsSkeleton /> : null}

      {units.data && units.data.length === 0 ? (
        <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
          <EmptyState icon={<IconBook2 stroke={1.6} aria-hidden />} variant="light">
            <EmptyState.Description>
              No units found. Create your first unit to get started.
            </EmptyState.Description>
            <EmptyState.Actions>{createButton}</EmptyState.Actions>
          </EmptyState>
        </Paper>
      ) : null}

      {units.data && units.data.length > 0 ? (
        <Stack gap="md">
          <SearchField
            label="Search units"
            placeholder="Search by unit code or title"
            value={query}
            onChange={search}
            maw={480}
          />
          <Text size="sm" c="dimmed" role="status" aria-live="polite">
            {resultSummary(matches.length, units.data.length, visible.length, deferredQuery)}
          </Text>

          {matches.length === 0 ? (
            <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
              <EmptyState icon={<IconSearch stroke={1.6} aria-hidden />}>
                <EmptyState.Title order={2}>No units found</EmptyState.Title>
                <EmptyState.Description>
                  No unit code or title matches “{deferredQuery.trim()}”.
                </EmptyState.Description>
                <EmptyState.Actions>
                  <Button variant="default" onClick={() => search('')}>
                    Show all units
                  </Button>
                </EmptyState.Actions>
              </EmptyState>
            </Paper>
          ) : (
            <div className={classes.list} style={{ opacity: query === deferredQuery ? 1 : 0.7 }}>
              {visible.map((unit) => (
                <UnitCard key={unit.id} unit={unit} busy={busyFor(unit)} onAction={onAction} />
              ))}
            </div>
          )}

          {matches.length > visible.length ? (
            <Group justify="center">
              <Button variant="default" onClick={() => setLimit((current) => current + PAGE_SIZE)}>
                Show more ({formatCount(matches.length - visible.length)} more)
              </Button>
            </Group>
          ) : null}
        </Stack>
      ) : null}
    </>
  );
}

function resultSummary(matched: number, total: number, shown: number, query: string): string {
  const n = formatCount;
  if (!query.trim())
    return shown < total ? `Showing ${n(shown)} of ${n(total)} units` : countNoun(total, 'unit');
  if (shown < matched) return `Showing ${n(shown)} of ${n(matched)} matching units`;
  return `${n(matched)} of ${countNoun(total, 'unit')} ${matched === 1 ? 'matches' : 'match'}`;
}

const archiveConsequence =
  "It leaves set-up, students' lists and the Evidence Matrix's unit choice; every record, file and PDF stays.";

/** Generate, view mapping, archive and delete, behind one stable callback so the memoised cards stay put. */
function useUnitActions() {
  const utils = trpc.useUtils();

  const generate = trpc.admin.units.generateTasks.useMutation({
    onSuccess: async (result, input) => {
      toastSuccess('Tasks generated!', result.message);
      await invalidateFor({ type: 'tasks.generated', unitId: input.id });
    },
    onError: (error) => toastError('Generation failed', errorMessage(error, 'Could not generate tasks')),
  });

  const remove = trpc.admin.units.delete.useMutation({
    onSuccess: async (_result, input) => {
      toastSuccess('Unit deleted');
      utils.admin.tasks.list.setData({ unitId: input.id }, undefined);
      utils.admin.units.get.setData({ id: input.id }, undefined);
      await invalidateFor({ type: 'unit.changed', unitId: input.id });
    },
    onError: (error) => toastError('Delete failed', errorMessage(error, 'Could not delete the unit')),
  });

  const archive = trpc.admin.units.archive.useMutation({
    onSuccess: async (unit) => {
      toastSuccess('Unit archived', `${unit.unitCode} is hidden from set-up and students; its records stay`);
      await invalidateFor({ type: 'unit.changed', unitId: unit.id });
    },
    onError: (error) => toastError('Archive failed', errorMessage(error, 'Could not archive the unit')),
  });

  const unarchive = trpc.admin.units.unarchive.useMutation({
    onSuccess: async (unit) => {
      toastSuccess('Unit restored', `${unit.unitCode} is back in set-up and students' lists`);
      await invalidateFor({ type: 'unit.changed', unitId: unit.id });
    },
    onError: (error) => toastError('Restore failed', errorMessage(error, 'Could not restore the unit')),
  });

  const generateTasks = generate.mutate;
  const archiveUnit = archive.mutate;
  const restoreUnit = unarchive.mutate;
  const openTasks = useNavigate();
  const deleteUnit = remove.mutate;
  const fetchCoverage = utils.admin.coverage.get.fetch;
  const onAction = useCallback(
    (action: UnitAction, unit: AdminUnit) => {
      switch (action) {
        case 'generate':
          // The server refuses to replace tasks students have submitted evidence for: say so first.
          if (unit.submissionCount > 0) {
            confirmAction({
              title: 'Generate tasks',
              message: `Students have already submitted evidence for ${unit.unitCode} (${countNoun(unit.submissionCount, 'submission')}), so its tasks can no longer be replaced by generated ones.`,
              detail: 'You can still edit, add and reorder its tasks by hand.',
              confirmLabel: 'Edit tasks',
              onConfirm: () => void openTasks({ to: '/admin/units/$id/tasks', params: { id: unit.id } }),
            });
            return;
          }
          confirmAction({
            title: 'Generate tasks',
            message: 'Generate workplace tasks from performance evidence using AI?',
            detail:
              unit.taskCount > 0
                ? `${unit.unitCode} has ${countNoun(unit.taskCount, 'task')}; the generated tasks replace ${unit.taskCount === 1 ? 'it' : 'them'}.`
                : undefined,
            confirmLabel: 'Generate Tasks',
            onConfirm: () => generateTasks({ id: unit.id }),
          });
          return;
        case 'mapping': {
          const blocked = () =>
            toastError('Could not open the mapping', 'Allow pop-up windows for this site and try again');
          // A unit with requirements: the mapping is its coverage now, as the coverage screen shows it.
          if (unit.coverage) {
            const text = fetchCoverage({ id: unit.id }).then((coverage) => coverage.mappingDocument);
            const opened = openMappingWindowFor(unit.unitCode, text);
            if (!opened) blocked();
            else
              void opened.then((ok) => {
                if (!ok)
                  toastError('Could not open the mapping', 'The coverage could not be loaded; try again');
              });
            return;
          }
          if (!openMappingDocument(unit.unitCode, unit.mappingDocument ?? '')) blocked();
          return;
        }
        case 'archive':
          confirmAction({
            title: 'Archive unit',
            message: `Archive unit ${unit.unitCode}? ${archiveConsequence}`,
            confirmLabel: 'Archive',
            onConfirm: () => archiveUnit({ id: unit.id }),
          });
          return;
        case 'unarchive':
          restoreUnit({ id: unit.id });
          return;
        case 'delete':
          // Evidence is an RTO's record and the server keeps it: say so now and offer Archive,
          // rather than let the admin confirm a delete that will be refused.
          if (unit.submissionCount > 0) {
            confirmAction({
              title: 'Delete unit',
              message: `${unit.unitCode} cannot be deleted: students have submitted evidence for it (${countNoun(unit.submissionCount, 'submission')}), and assessment records are kept.`,
              detail: `Archive it instead? ${archiveConsequence}`,
              confirmLabel: 'Archive unit',
              onConfirm: () => archiveUnit({ id: unit.id }),
            });
            return;
          }
          confirmAction({
            title: 'Delete unit',
            message: `Delete unit ${unit.unitCode}? This will also delete all associated tasks.`,
            confirmLabel: 'Delete',
            destructive: true,
            onConfirm: () => deleteUnit({ id: unit.id }),
          });
          return;
      }
    },
    [generateTasks, deleteUnit, archiveUnit, restoreUnit, openTasks, fetchCoverage],
  );

  return { generate, remove, archive, unarchive, onAction };
}

function UnitsSkeleton() {
  return (
    <div className={classes.list} role="status" aria-busy="true" aria-label="Loading units">
      {[0, 1, 2, 3].map((key) => (
        <Paper key={key} withBorder radius="lg" p="md">
          <Skeleton height={14} width={110} radius="sm" />
          <Skeleton height={18} width="80%" radius="sm" mt={8} />
          <Skeleton height={12} width="45%" radius="sm" mt={10} />
          <Group gap={6} mt="md">
            <Skeleton height={26} width={70} radius="md" />
            <Skeleton height={26} width={60} radius="md" />
            <Skeleton height={26} width={120} radius="md" />
          </Group>
        </Paper>
      ))}
    </div>
  );
}
