import type { GradeStatus } from '@evident/core/grading';
import { Button, Group, Paper, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconSquareCheck, IconX } from '@tabler/icons-react';
import { useRef } from 'react';
import classes from './grading.module.css';
import { useStickyBarClearance } from './sticky-bar-clearance';

type BulkActionBarProps = {
  selectedCount: number;
  studentName: string;
  allOfStudentSelected: boolean;
  busy: boolean;
  onSelectAll: () => void;
  onClear: () => void;
  onGrade: (status: GradeStatus) => void;
};

/**
 * Select every submission of the student on screen, clear the selection, or grade the selection.
 * It stays under the top bar as the cards scroll; the grade buttons are always there (disabled with
 * nothing selected), so selecting a card never makes the bar taller over the card just selected.
 */
export function BulkActionBar({
  selectedCount,
  studentName,
  allOfStudentSelected,
  busy,
  onSelectAll,
  onClear,
  onGrade,
}: BulkActionBarProps) {
  const dock = useRef<HTMLDivElement>(null);
  useStickyBarClearance(dock);
  const none = selectedCount === 0;
  return (
    // The dock is the page's colour from the top bar down, so no card shows between the two bars.
    <div ref={dock} className={classes.bulkDock} data-testid="bulk-dock">
      <Paper withBorder radius="lg" p="sm" role="region" aria-label="Bulk actions">
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
          <Group gap="xs">
            <Button
              size="compact-md"
              color="green"
              leftSection={<IconCircleCheck size={16} aria-hidden />}
              loading={busy}
              disabled={none}
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
              disabled={none}
              onClick={() => onGrade('not_yet_satisfactory')}
              aria-label={`Grade ${selectedCount} selected as Not Yet Satisfactory`}
            >
              NYS
            </Button>
          </Group>
        </Group>
      </Paper>
    </div>
  );
}
