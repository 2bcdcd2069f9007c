import {
  distinctPhases,
  filterTasks,
  isTaskFilterActive,
  type StudentProgress,
  taskStatus,
} from '@evident/core/student-progress';
import type { UnitRef } from '@evident/core/student-units';
import { Button, EmptyState, Paper, Stack, Text } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { type ReactNode, useCallback, useDeferredValue, useMemo, useState } from 'react';
import { trpc } from '../../data-layer/trpc-client';
import { EvidenceViewer, type ViewedTask } from '../evidence/evidence-viewer';
import { useRevealedCount } from '../widgets/use-revealed-count';
import { ProgressCard } from './progress-card';
import { StatusLegend } from './status-legend';
import classes from './student-home.module.css';
import type { StudentTask } from './student-task';
import { useScrollToTaskAnchor } from './task-anchor';
import { TaskCard } from './task-card';
import { TaskFilters } from './task-filters';
import { UnitOutcomeBanner } from './unit-outcome-banner';

type UnitDashboardProps = {
  unit: UnitRef & { tasks: StudentTask[]; progress: StudentProgress };
  userId: string;
  /** The unit switcher, shown above the progress card when the student has several units. */
  switcher?: ReactNode;
};

/**
 * One unit of the student dashboard (spec section 2): its progress card, search and phase filter,
 * status legend and task cards, and the empty state when the filters match nothing.
 */
export function UnitDashboard({ unit, userId, switcher }: UnitDashboardProps) {
  const tasks = unit.tasks;
  const [search, setSearch] = useState('');
  const [phase, setPhase] = useState<string | null>(null);
  const [viewing, setViewing] = useState<ViewedTask | null>(null);
  const deferredSearch = useDeferredValue(search);
  // The unit outcome standing, once the assessor records one (a first-screen query too).
  const outcomes = trpc.student.unitOutcomes.list.useQuery();
  const outcome = outcomes.data?.find((o) => o.unitId === unit.id);

  const progress = unit.progress;
  const counts = useMemo(() => {
    const statuses = tasks.map(taskStatus);
    return {
      submitted: statuses.filter((status) => status === 'submitted').length,
      notYetSatisfactory: statuses.filter((status) => status === 'not_yet_satisfactory').length,
    };
  }, [tasks]);
  const phases = useMemo(() => distinctPhases(tasks), [tasks]);
  // A phase that no task has any more (after the tasks changed) would hide everything.
  const activePhase = phase !== null && phases.includes(phase) ? phase : null;
  const filter = { search: deferredSearch, phase: activePhase };
  const visible = useMemo(
    () => filterTasks(tasks, { search: deferredSearch, phase: activePhase }),
    [tasks, deferredSearch, activePhase],
  );
  // The cards below the first two render after the screen is up, one a task (a long list is one long
  // task); the server renders the first two too, and the screen's hydration takes them over.
  const shown = useRevealedCount(visible.length, 2, 1);
  const shownIds = useMemo(() => visible.slice(0, shown).map((task) => task.id), [visible, shown]);
  useScrollToTaskAnchor(shownIds);
  const onViewEvidence = useCallback(
    (task: StudentTask) => setViewing({ id: task.id, title: task.title, evidenceTypes: task.evidenceTypes }),
    [],
  );

  function clearFilters() {
    setSearch('');
    setPhase(null);
  }

  return (
    <Stack gap="lg">
      {switcher}
      {outcome ? <UnitOutcomeBanner unitCode={unit.unitCode} outcome={outcome} /> : null}
      <ProgressCard
        unit={unit}
        progress={progress}
        submitted={counts.submitted}
        notYetSatisfactory={counts.notYetSatisfactory}
      />

      <Stack gap="sm" component="section" aria-label="Find tasks">
        <TaskFilters
          search={search}
          onSearch={setSearch}
          phases={phases}
          phase={activePhase}
          onPhase={setPhase}
        />
        <StatusLegend />
      </Stack>

      <section aria-labelledby="tasks-title">
        <h2 id="tasks-title" className={classes.visuallyHidden}>
          Tasks
        </h2>
        <Text size="sm" c="dimmed" role="status" aria-live="polite" mb="sm" data-testid="task-count">
          {isTaskFilterActive(filter)
            ? `Showing ${visible.length} of ${tasks.length} tasks`
            : `${tasks.length} ${tasks.length === 1 ? 'task' : 'tasks'}`}
        </Text>
        {visible.length === 0 ? (
          <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
            <EmptyState icon={<IconSearch stroke={1.6} aria-hidden />} variant="light">
              <EmptyState.Title order={3}>No tasks found</EmptyState.Title>
              <EmptyState.Description>Try adjusting your search</EmptyState.Description>
              <EmptyState.Actions>
                <Button variant="default" onClick={clearFilters}>
                  Clear filters
                </Button>
              </EmptyState.Actions>
            </EmptyState>
          </Paper>
        ) : (
          <div className={classes.grid} style={{ opacity: search === deferredSearch ? 1 : 0.7 }}>
            {visible.slice(0, shown).map((task) => (
              <TaskCard key={task.id} task={task} userId={userId} onViewEvidence={onViewEvidence} />
            ))}
          </div>
        )}
      </section>

      <EvidenceViewer task={viewing} userId={userId} onClose={() => setViewing(null)} />
    </Stack>
  );
}
