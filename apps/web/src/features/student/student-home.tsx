import { Button, EmptyState, Paper } from '@mantine/core';
import { IconClipboardList } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { PageHeader } from '../shell/page-header';

/** The student dashboard ('My Progress'). Tasks, progress and uploads arrive with the student screens. */
export function StudentHome() {
  return (
    <>
      <PageHeader title="My Progress" subtitle="Gather workplace evidence for each task in your unit." />
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        <EmptyState icon={<IconClipboardList stroke={1.6} aria-hidden />} variant="light">
          <EmptyState.Title order={2}>No tasks found</EmptyState.Title>
          <EmptyState.Description>No tasks available yet</EmptyState.Description>
          <EmptyState.Actions>
            <Button component={Link} to="/unit-setup">
              Set Up Your Unit
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      </Paper>
    </>
  );
}
