import { Badge, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconCamera, IconFileText, IconMicrophone } from '@tabler/icons-react';
import classes from './landing.module.css';

// An illustration of the student dashboard for the hero: decorative, so hidden from assistive technology.
const sampleTasks = [
  {
    title: 'Inspect your harness',
    phase: 'Prepare',
    icon: IconCamera,
    status: 'Satisfactory',
    color: 'green',
  },
  {
    title: 'Set up a safe work zone',
    phase: 'Do',
    icon: IconMicrophone,
    status: 'Submitted',
    color: 'blue',
  },
  {
    title: 'Report a hazard',
    phase: 'Review/Communicate',
    icon: IconFileText,
    status: 'Pending',
    color: 'gray',
  },
] as const;

export function ProductPreview() {
  return (
    <div className={classes.previewFrame} aria-hidden="true">
      <Paper radius="lg" shadow="xl" withBorder p="lg" className={classes.preview}>
        <Group justify="space-between" mb={6}>
          <Text fw={700}>My Progress</Text>
          <Text size="sm" c="dimmed">
            1 of 3 tasks completed
          </Text>
        </Group>
        <Progress value={33} size="md" radius="xl" mb="lg" />
        <Stack gap="sm">
          {sampleTasks.map((task) => (
            <Paper key={task.title} withBorder radius="md" p="sm" className={classes.previewTask}>
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Group gap="sm" wrap="nowrap" miw={0}>
                  <task.icon size={20} stroke={1.7} className={classes.previewIcon} />
                  <div style={{ minWidth: 0 }}>
                    <Text size="sm" fw={600} lh={1.3}>
                      {task.title}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {task.phase}
                    </Text>
                  </div>
                </Group>
                <Badge color={task.color} variant="light" size="sm" style={{ flexShrink: 0 }}>
                  {task.status}
                </Badge>
              </Group>
            </Paper>
          ))}
        </Stack>
      </Paper>
    </div>
  );
}
