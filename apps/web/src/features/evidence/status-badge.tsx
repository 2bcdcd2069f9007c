import { type TaskStatus, taskStatusLabels } from '@evident/core/student-progress';
import { Badge, type MantineColor } from '@mantine/core';
import {
  IconAlertCircle,
  IconCircleCheck,
  IconCircleDashed,
  IconHourglass,
  type TablerIcon,
} from '@tabler/icons-react';
import classes from './status-badge.module.css';

/** One colour and icon per status, so the status reads without colour too. */
export const statusLook: Readonly<Record<TaskStatus, { color: MantineColor; icon: TablerIcon }>> = {
  pending: { color: 'gray', icon: IconCircleDashed },
  submitted: { color: 'blue', icon: IconHourglass },
  satisfactory: { color: 'green', icon: IconCircleCheck },
  not_yet_satisfactory: { color: 'orange', icon: IconAlertCircle },
};

type StatusBadgeProps = { status: TaskStatus; size?: 'sm' | 'md' | 'lg' };

export function StatusBadge({ status, size = 'md' }: StatusBadgeProps) {
  const { color, icon: Icon } = statusLook[status];
  return (
    <Badge
      color={color}
      variant="light"
      size={size}
      radius="sm"
      tt="none"
      classNames={{ root: classes.badge, label: classes.text, section: classes.text }}
      leftSection={<Icon size={14} stroke={2} aria-hidden />}
      data-testid="task-status"
      data-status={status}
    >
      {taskStatusLabels[status]}
    </Badge>
  );
}
