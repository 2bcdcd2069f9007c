import type { GradeStatus } from '@evident/core/grading';
import { Button, Group, Paper, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconSquareCheck, IconX } from '@tabler/icons-react';
import classes from './grading.module.css';

type BulkActionBarProps = {
  selectedCount: number;
  studentName: string;
  allOfStudentSelected: boolean;
  busy: boolean;
  onSelectAll: () => void;
  onClear: () => void;
  onGrade: (status: GradeStatus) => void;
};

/** Select every submission of the student on screen, clear the selection, or grade the selection. */
export function BulkActionBar({
  selectedCount,
  studentName,
  allOfStudentSelected,
  busy,
  onSelectAll,
  onClear,
  onGrade,
}: BulkActionBarProps) {
  return (
    <Paper withBorder radius="lg" p="sm" className={classes.bulkBar} role="region" aria-label="Bulk actions">
      <Group justify="space-between" gap="xs">
        <Group gap="xs">
          <Text size="sm" fw={600} aria-live="polite" data-testid="selected-count">
            {selectedCount} selected
          </Text>
          <Button
            size="compact-sm"
            variant="default"
            leftSection={<IconSquareCheck size={16} aria-hidden />}
            disabled={allOfStudentSelected}
            onClick={onSelectAll}
            aria-label={`Select all of ${studentName}`}
          >
            Select all
          </Button>
          <Button
            size="compact-sm"
            variant="subtle"
            color="gray"
            leftSection={<IconX size={16} aria-hidden />}
            disabled={selectedCount === 0}
            onClick={onClear}
          >
            Clear
          </Button>
        </Group>
        {selectedCount > 0 ? (
          <Group gap="xs">
            <Button
              size="compact-md"
              color="green"
              leftSection={<IconCircleCheck size={16} aria-hidden />}
              loading={busy}
              onClick={() => onGrade('satisfactory')}
              aria-label={`Grade ${selectedCount} selected as Satisfactory`}
            >
              Satisfactory
            </Button>
            <Button
              size="compact-md"
              color="orange"
              variant="light"
              leftSection={<IconAlertCircle size={16} aria-hidden />}
              loading={busy}
              onClick={() => onGrade('not_yet_satisfactory')}
              aria-label={`Grade ${selectedCount} selected as Not Yet Satisfactory`}
            >
              NYS
            </Button>
          </Group>
        ) : null}
      </Group>
    </Paper>
  );
}
