import { snippet } from '@evident/core/curriculum-inputs';
import { ActionIcon, Badge, Button, Card, Group, List, Text, Title } from '@mantine/core';
import {
  IconArchive,
  IconArchiveOff,
  IconArrowDown,
  IconArrowUp,
  IconBulb,
  IconEdit,
  IconTrash,
} from '@tabler/icons-react';
import { memo } from 'react';
import { PhaseBadge } from '../../curriculum/phase-badge';
import type { AdminTask } from '../admin-types';
import { evidenceTypeLabels } from './task-labels';
import type { MoveDirection } from './task-order';
import classes from './unit-tasks.module.css';

export type TaskAction = 'edit' | 'archive' | 'unarchive' | 'delete' | MoveDirection;

type TaskItemProps = {
  task: AdminTask;
  headingOrder: 2 | 3;
  canMoveUp: boolean;
  canMoveDown: boolean;
  /** Deleting, archiving or restoring this task is under way. */
  deleting: boolean;
  onAction: (action: TaskAction, task: AdminTask) => void;
};

/** One task on the admin's unit task list: what a student will see, plus its mapping and controls. */
export const TaskItem = memo(function TaskItem({
  task,
  headingOrder,
  canMoveUp,
  canMoveDown,
  deleting,
  onAction,
}: TaskItemProps) {
  const headingId = `task-${task.id}-heading`;
  const archived = task.archivedAt !== null;
  return (
    <Card
      component="article"
      aria-labelledby={headingId}
      withBorder
      radius="lg"
      padding="md"
      className={archived ? classes.archived : undefined}
    >
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Group gap={6}>
          {archived ? (
            <Badge variant="outline" color="gray" tt="none">
              Archived
            </Badge>
          ) : null}
          <PhaseBadge phase={task.phase} />
          {task.evidenceTypes.map((type) => {
            const { label, icon: Icon } = evidenceTypeLabels[type];
            return (
              <Badge
                key={type}
                color="gray"
                variant="outline"
                leftSection={<Icon size={12} aria-hidden />}
                className={classes.evidenceBadge}
              >
                {label}
              </Badge>
            );
          })}
        </Group>
        <Group gap={4} wrap="nowrap" className={classes.moveButtons}>
          <ActionIcon
            variant="default"
            size={32}
            aria-label={`Move “${task.title}” up`}
            disabled={!canMoveUp}
            onClick={() => onAction('up', task)}
            data-move="up"
            data-task={task.id}
          >
            <IconArrowUp size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="default"
            size={32}
            aria-label={`Move “${task.title}” down`}
            disabled={!canMoveDown}
            onClick={() => onAction('down', task)}
            data-move="down"
            data-task={task.id}
          >
            <IconArrowDown size={16} aria-hidden />
          </ActionIcon>
        </Group>
      </Group>

      <Title order={headingOrder} id={headingId} fz="md" mt="sm" className={classes.taskTitle}>
        {task.title}
      </Title>
      {task.description ? (
        <Text size="sm" mt={4} className={classes.preLine}>
          {task.description}
        </Text>
      ) : null}

      {task.tooltip ? (
        <div className={classes.tooltipHint}>
          <IconBulb size={16} aria-hidden className={classes.hintIcon} />
          <Text size="sm">
            <Text span fw={600} size="sm">
              What good looks like:{' '}
            </Text>
            {task.tooltip}
          </Text>
        </div>
      ) : null}

      {task.requirements.length > 0 ? (
        <div className={classes.mapping}>
          <Text size="xs" fw={700} c="dimmed" tt="uppercase" className={classes.mappingLabel}>
            Maps
          </Text>
          <Group gap={4} mt={4}>
            {task.requirements.map((item) => (
              <Badge
                key={`${item.release}:${item.key}`}
                variant={item.current ? 'light' : 'outline'}
                color={item.current ? 'blue' : 'orange'}
                tt="none"
                size="sm"
                ff="monospace"
              >
                {item.current ? item.key : `${item.key} (release ${item.release})`}
              </Badge>
            ))}
          </Group>
        </div>
      ) : task.performanceEvidenceMapping.length > 0 ? (
        <div className={classes.mapping}>
          <Text size="xs" fw={700} c="dimmed" tt="uppercase" className={classes.mappingLabel}>
            Performance Evidence
          </Text>
          <List size="xs" spacing={2} c="dimmed" className={classes.mappingList}>
            {task.performanceEvidenceMapping.map((item, index) => (
              <List.Item key={`${index}:${item}`} title={item}>
                {snippet(item)}
              </List.Item>
            ))}
          </List>
        </div>
      ) : null}

      <Group gap={6} mt="md" justify="flex-end">
        <Button
          size="compact-sm"
          variant="default"
          leftSection={<IconEdit size={16} aria-hidden />}
          onClick={() => onAction('edit', task)}
        >
          Edit
        </Button>
        <Button
          size="compact-sm"
          variant="subtle"
          color="gray"
          leftSection={
            archived ? <IconArchiveOff size={16} aria-hidden /> : <IconArchive size={16} aria-hidden />
          }
          disabled={deleting}
          onClick={() => onAction(archived ? 'unarchive' : 'archive', task)}
        >
          {archived ? 'Restore' : 'Archive'}
        </Button>
        {/* An archived task with evidence can never be deleted: nothing to offer. */}
        {archived && task.submissionCount > 0 ? null : (
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            loading={deleting}
            onClick={() => onAction('delete', task)}
          >
            Delete
          </Button>
        )}
      </Group>
    </Card>
  );
});
