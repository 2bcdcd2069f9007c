import { groupTasksByUnit, pickUnit } from '@evident/core/student-units';
import { Button, EmptyState, Paper, Skeleton, Stack } from '@mantine/core';
import { IconClipboardList } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useEffect, useMemo } from 'react';
import { trpc } from '../../data-layer/trpc-client';
import { useCurrentUser } from '../auth/use-current-user';
import { useUploadsActive } from '../evidence/upload-store';
import { LoadError } from '../widgets/load-error';
import { PageHeader } from '../widgets/page-header';
import { useChosenUnitId } from './chosen-unit';
import classes from './student-home.module.css';
import type { StudentTask } from './student-task';
import { UnitDashboard } from './unit-dashboard';
import { UnitSwitcher } from './unit-switcher';

/**
 * Spec section 2, the student dashboard ('My Progress'), one unit at a time: a student enrolled in
 * several picks the unit with a switcher that remembers the choice (issue 10).
 */
export function StudentHome() {
  const user = useCurrentUser();
  const tasks = trpc.student.tasks.list.useQuery();
  useWarnBeforeLeavingDuringUpload();
  const units = useMemo(() => groupTasksByUnit(tasks.data ?? []), [tasks.data]);

  return (
    <>
      <PageHeader
        title="My Progress"
        subtitle={
          units.length > 1
            ? 'Gather workplace evidence for each task, one unit at a time.'
            : 'Gather workplace evidence for each task in your unit.'
        }
      />
      {tasks.isPending ? <DashboardSkeleton /> : null}
      {tasks.isError ? (
        <LoadError
          title="Could not load your tasks"
          error={tasks.error}
          onRetry={() => void tasks.refetch()}
        />
      ) : null}
      {tasks.data && user ? (
        units.length === 0 ? (
          <NoTasksYet />
        ) : (
          <ChosenUnit units={units} userId={user.id} />
        )
      ) : null}
    </>
  );
}

function ChosenUnit({
  units,
  userId,
}: {
  units: ReturnType<typeof groupTasksByUnit<StudentTask>>;
  userId: string;
}) {
  const [chosenId, choose] = useChosenUnitId(userId);
  const unit = pickUnit(units, chosenId);
  if (!unit) return null;
  return (
    <UnitDashboard
      // A fresh search and phase filter for each unit: another unit's phase would hide everything.
      key={unit.id}
      unit={unit}
      userId={userId}
      switcher={
        units.length > 1 ? <UnitSwitcher units={units} value={unit.id} onChange={choose} /> : undefined
      }
    />
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

/** Closing the tab while a file is being prepared loses it (it is not in the capture queue yet); the browser asks first. */
function useWarnBeforeLeavingDuringUpload() {
  const active = useUploadsActive();
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
}
