import { Badge, Button, EmptyState, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconListDetails, IconPlus, IconTable } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import { trpc } from '../../../data-layer/trpc-client';
import { countNoun } from '../../../format/count-noun';
import { confirmAction } from '../../dialog/confirm';
import { invalidateFor } from '../../live/event-invalidations';
import { errorMessage } from '../../toast/error-message';
import { toastError, toastSuccess } from '../../toast/toast';
import { BackLink } from '../../widgets/back-link';
import { useDocumentTitle } from '../../widgets/document-title';
import { LoadError } from '../../widgets/load-error';
import { PageHeader } from '../../widgets/page-header';
import type { AdminTask } from '../admin-types';
import { TaskFormModal } from './task-form-modal';
import { type TaskAction, TaskItem } from './task-item';
import { groupTasks, type MoveDirection, moveTask } from './task-order';
import classes from './unit-tasks.module.css';

type FormState = { opened: boolean; task: AdminTask | null };

/** Spec section 2, Unit task list (/admin/units/{id}/tasks). */
export function UnitTasksPage({ unitId }: { unitId: string }) {
  const list = trpc.admin.tasks.list.useQuery({ unitId });
  useDocumentTitle(list.data ? `${list.data.unit.unitCode} tasks` : 'Unit tasks');
  const [form, setForm] = useState<FormState>({ opened: false, task: null });
  const openEditor = useCallback((task: AdminTask) => setForm({ opened: true, task }), []);
  const { onAction, deletingId, announcement } = useTaskActions(unitId, list.data?.tasks, openEditor);

  if (!list.data) {
    return (
      <>
        <BackLink to="/admin/units">Back to Units</BackLink>
        {list.isError ? (
          <LoadError
            title="Could not load this unit's tasks"
            error={list.error}
            onRetry={() => void list.refetch()}
          />
        ) : (
          <Stack gap="md" role="status" aria-busy="true" aria-label="Loading tasks">
            <Skeleton height={36} width={220} radius="sm" />
            <Skeleton height={18} width="60%" radius="sm" />
            {[0, 1, 2].map((key) => (
              <Skeleton key={key} height={150} radius="lg" />
            ))}
          </Stack>
        )}
      </>
    );
  }

  const { unit, tasks } = list.data;
  const groups = groupTasks(tasks);
  const grouped = groups.some((group) => group.label !== null);

  return (
    <>
      <BackLink to="/admin/units">Back to Units</BackLink>
      <PageHeader
        title={unit.unitCode}
        subtitle={unit.title}
        actions={
          <>
            <Button
              renderRoot={(props) => (
                <Link {...props} to="/admin/units/$id/coverage" params={{ id: unit.id }} />
              )}
              variant="default"
              leftSection={<IconTable size={18} aria-hidden />}
            >
              Coverage
            </Button>
            <Button
              leftSection={<IconPlus size={18} aria-hidden />}
              onClick={() => setForm({ opened: true, task: null })}
            >
              Add Task
            </Button>
          </>
        }
      />

      <Text size="sm" c="dimmed" mb="md">
        {countNoun(tasks.length, 'task')}
        {tasks.length > 1 ? ' · use the arrows to change the order students see them in' : ''}
      </Text>

      {tasks.length === 0 ? (
        <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
          <EmptyState icon={<IconListDetails stroke={1.6} aria-hidden />} variant="light">
            <EmptyState.Description>No tasks yet. Add your first task to get started.</EmptyState.Description>
            <EmptyState.Actions>
              <Button
                leftSection={<IconPlus size={18} aria-hidden />}
                onClick={() => setForm({ opened: true, task: null })}
              >
                Add Task
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        </Paper>
      ) : (
        <Stack gap="xl">
          {groups.map((group) => (
            <section key={group.key} aria-labelledby={group.label ? `${group.key}-heading` : undefined}>
              {group.label ? (
                <Title order={2} fz="lg" mb="sm" id={`${group.key}-heading`} className={classes.groupHeading}>
                  {group.label}
                  <Badge variant="light" color="gray" size="md" tt="none">
                    {countNoun(group.tasks.length, 'task')}
                  </Badge>
                </Title>
              ) : null}
              <div className={classes.list}>
                {group.tasks.map((task, index) => (
                  <TaskItem
                    key={task.id}
                    task={task}
                    headingOrder={grouped ? 3 : 2}
                    canMoveUp={index > 0}
                    canMoveDown={index < group.tasks.length - 1}
                    deleting={deletingId === task.id}
                    onAction={onAction}
                  />
                ))}
              </div>
            </section>
          ))}
        </Stack>
      )}

      <div aria-live="polite" className={classes.liveRegion}>
        {announcement}
      </div>

      <TaskFormModal
        unitId={unit.id}
        opened={form.opened}
        task={form.task}
        onClose={() => setForm((current) => ({ ...current, opened: false }))}
      />
    </>
  );
}

/** Edit, delete and reorder behind one stable callback, so the memoised task cards stay put. */
function useTaskActions(unitId: string, tasks: AdminTask[] | undefined, edit: (task: AdminTask) => void) {
  const utils = trpc.useUtils();
  const [announcement, setAnnouncement] = useState('');
  // The arrow pressed last: moving a card can drop focus, so it is put back once the list re-renders.
  const refocus = useRef<{ taskId: string; direction: MoveDirection } | null>(null);

  useEffect(() => {
    const target = refocus.current;
    if (!target || !tasks) return;
    refocus.current = null;
    const button = (direction: MoveDirection) =>
      document.querySelector<HTMLButtonElement>(`[data-task="${target.taskId}"][data-move="${direction}"]`);
    const same = button(target.direction);
    const other = button(target.direction === 'up' ? 'down' : 'up');
    (same && !same.disabled ? same : other)?.focus();
  }, [tasks]);

  const remove = trpc.admin.tasks.delete.useMutation({
    onSuccess: async () => {
      toastSuccess('Task deleted');
      await invalidateFor({ type: 'tasks.changed', unitId });
    },
    // The spec gives task deletion no error message; the server's reason (evidence exists) still helps.
    onError: (error) => toastError('Delete failed', errorMessage(error, 'Could not delete the task')),
  });

  const reorder = trpc.admin.tasks.reorder.useMutation({
    // One at a time, in click order, so the last click decides the saved order.
    scope: { id: `reorder-${unitId}` },
    onError: async (error) => {
      toastError('Reorder failed', errorMessage(error, 'Could not save the new task order'));
      await invalidateFor({ type: 'tasks.changed', unitId });
    },
  });

  const archive = trpc.admin.tasks.archive.useMutation({
    onSuccess: async () => {
      toastSuccess('Task archived', "It is hidden from students' lists; its records stay");
      await invalidateFor({ type: 'tasks.changed', unitId });
    },
    onError: (error) => toastError('Archive failed', errorMessage(error, 'Could not archive the task')),
  });
  const unarchive = trpc.admin.tasks.unarchive.useMutation({
    onSuccess: async () => {
      toastSuccess('Task restored', "It is back in students' lists");
      await invalidateFor({ type: 'tasks.changed', unitId });
    },
    onError: (error) => toastError('Restore failed', errorMessage(error, 'Could not restore the task')),
  });

  const deleteTask = remove.mutate;
  const archiveTask = archive.mutate;
  const restoreTask = unarchive.mutate;
  const saveOrder = reorder.mutate;
  const onAction = useCallback(
    (action: TaskAction, task: AdminTask) => {
      switch (action) {
        case 'edit':
          edit(task);
          return;
        case 'archive':
          confirmAction({
            title: 'Archive task',
            message: 'Archive this task?',
            detail: `“${task.title}” leaves students' lists; every record, file and PDF stays.`,
            confirmLabel: 'Archive',
            onConfirm: () => archiveTask({ taskId: task.id }),
          });
          return;
        case 'unarchive':
          restoreTask({ taskId: task.id });
          return;
        case 'delete':
          // Evidence is an RTO's record and the server keeps it: offer Archive before, not after.
          if (task.submissionCount > 0) {
            confirmAction({
              title: 'Delete task',
              message: `“${task.title}” cannot be deleted: students have submitted evidence for it (${countNoun(task.submissionCount, 'submission')}), and assessment records are kept.`,
              detail: "Archive it instead? It leaves students' lists; every record, file and PDF stays.",
              confirmLabel: 'Archive task',
              onConfirm: () => archiveTask({ taskId: task.id }),
            });
            return;
          }
          confirmAction({
            title: 'Delete task',
            message: 'Delete this task?',
            detail: task.title,
            confirmLabel: 'Delete',
            destructive: true,
            onConfirm: () => deleteTask({ taskId: task.id }),
          });
          return;
        case 'up':
        case 'down': {
          const reordered = tasks ? moveTask(tasks, task.id, action) : undefined;
          if (!reordered) return;
          // Shown at once; the server's answer only matters if it refuses.
          utils.admin.tasks.list.setData({ unitId }, (data) => (data ? { ...data, tasks: reordered } : data));
          refocus.current = { taskId: task.id, direction: action };
          setAnnouncement(`Moved “${task.title}” ${action}.`);
          saveOrder({ unitId, taskIds: reordered.map((item) => item.id) });
          return;
        }
      }
    },
    [deleteTask, archiveTask, restoreTask, saveOrder, unitId, utils, tasks, edit],
  );

  const busyId = [remove, archive, unarchive].find((mutation) => mutation.isPending)?.variables?.taskId;
  return { onAction, deletingId: busyId, announcement };
}
