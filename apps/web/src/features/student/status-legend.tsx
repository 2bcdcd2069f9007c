import { taskStatuses, taskStatusLabels } from '@evident/core/student-progress';
import { Group, Text } from '@mantine/core';
import { statusLook } from '../evidence/status-badge';
import classes from './student-home.module.css';

/** What each status colour means: Pending, Submitted, Satisfactory, Not Yet Satisfactory. */
export function StatusLegend() {
  return (
    <Group gap="xs" component="div" className={classes.legend}>
      <Text size="xs" fw={600} c="dimmed" id="status-legend-title">
        Status
      </Text>
      <ul className={classes.legendList} aria-labelledby="status-legend-title" data-testid="status-legend">
        {taskStatuses.map((status) => {
          const { color, icon: Icon } = statusLook[status];
          return (
            <li key={status} className={classes.legendItem}>
              <Icon size={14} stroke={2} color={`var(--mantine-color-${color}-text)`} aria-hidden />
              <Text size="xs" component="span">
                {taskStatusLabels[status]}
              </Text>
            </li>
          );
        })}
      </ul>
    </Group>
  );
}
