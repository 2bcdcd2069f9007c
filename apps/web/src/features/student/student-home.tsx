import {
  distinctPhases,
  filterTasks,
  isTaskFilterActive,
  studentProgress,
  taskStatus,
} from '@evident/core/student-progress';
import { Button, EmptyState, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconClipboardList, IconSearch } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { trpc } from '../../trpc';
import { useCurrentUser } from '../auth/use-current-user';
import { EvidenceViewer } from '../evidence/evidence-viewer';
import { useUploadsActive } from '../evidence/upload-store';
import { LoadError } from '../shell/load-error';
import { PageHeader } from '../shell/page-header';
import { ProgressCard } from './progress-card';
import { StatusLegend } from './status-legend';
import classes from './student-home.module.css';
import type { StudentTask } from './student-task';
import { TaskCard } from './task-card';
import { TaskFilters } from './task-filters';

/** Spec section 2, the student dashboard ('My Progress'): progress, filters and a card per task. */
export function StudentHome() {
  const user = useCurrentUser();
  const tasks = trpc.student.tasks.useQuery();
  useWarnBeforeLeavingDuringUpload();

  return (
    <>
      <PageHeader title="My Progress" subtitle="Gather workplace evidence for each task in your unit." />
      {tasks.isPending ? <DashboardSkeleton /> : null}
      {tasks.isError ? (
        <LoadError
          title="Could not load your tasks"
          error={tasks.error}
          onRetry={() => void tasks.refetch()}
        />
      ) : null}
      {tasks.data && user ? (
        tasks.data.length === 0 ? (
          <NoTasksYet />
        ) : (
          <Dashboard tasks={tasks.data} userId={user.id} />
        )
      ) : null}
    </>
  );
}

function Dashboard({ tasks, userId }: { tasks: StudentTask[]; userId: string }) {
  const [search, setSearch] = useState('');
  const [phase, setPhase] = useState<string | null>(null);
  const [viewing, setViewing] = useState<{ id: string; title: string } | null>(null);
  const deferredSearch = useDeferredValue(search);

  const progress = useMemo(() => studentProgress(tasks), [tasks]);
  const counts = useMemo(() => {
    const statuses = tasks.map(taskStatus);
    return {
      submitted: statuses.filter((status) => status === 'submitted').length,
      notYetSatisfactory: statuses.filter((status) => status === 'not_yet_satisfactory').length,
    };
  }, [tasks]);
  const phases = useMemo(() => distinctPhases(tasks), [tasks]);
  const showUnit = useMemo(() => new Set(tasks.map((task) => task.unitCode)).size > 1, [tasks]);
  // A phase that no task has any more (after the tasks changed) would hide everything.
  const activePhase = phase !== null && phases.includes(phase) ? phase : null;
  const filter = { search: deferredSearch, phase: activePhase };
  const visible = useMemo(
    () => filterTasks(tasks, { search: deferredSearch, phase: activePhase }),
    [tasks, deferredSearch, activePhase],
  );
  const onViewEvidence = useCallback(
    (task: StudentTask) => setViewing({ id: task.id, title: task.title }),
    [],
  );

  function clearFilters() {
    setSearch('');
    setPhase(null);
  }

  return (
    <Stack gap="lg">
      <ProgressCard
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
            {visible.map((task) => (
              <TaskCard
                key={task.id}
                task={task}
                userId={userId}
                showUnit={showUnit}
                onViewEvidence={onViewEvidence}
              />
            ))}
          </div>
        )}
      </section>

      <EvidenceViewer
        taskId={viewing?.id ?? ''}
        taskTitle={viewing?.title ?? ''}
        opened={viewing !== null}
        onClose={() => setViewing(null)}
      />
    </Stack>
  );
}

function NoTasksYet() {
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
      <EmptyState icon={<IconClipboardList stroke={1.6} aria-hidden />} variant="light">
        <EmptyState.Title order={2}>No tasks available yet</EmptyState.Title>
        <EmptyState.Description>
          Set up your unit of competency and your workplace tasks will appear here.
        </EmptyState.Description>
        <EmptyState.Actions>
          <Button component={Link} to="/unit-setup">
            Setup Unit
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </Paper>
  );
}

function DashboardSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true" aria-label="Loading your tasks">
      <Skeleton height={120} radius="lg" />
      <Skeleton height={36} radius="md" maw={480} />
      <div className={classes.grid}>
        <Skeleton height={260} radius="lg" />
        <Skeleton height={260} radius="lg" />
      </div>
    </Stack>
  );
}

/** Closing the tab mid-upload loses the file; the browser asks first. */
function useWarnBeforeLeavingDuringUpload() {
  const active = useUploadsActive();
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
}
