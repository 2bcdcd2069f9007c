import { Anchor, Badge, Button, Card, Group, Text, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconArchive,
  IconArchiveOff,
  IconEdit,
  IconFileText,
  IconListDetails,
  IconSparkles,
  IconTrash,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { memo } from 'react';
import { countNoun } from '../../../format/count-noun';
import type { AdminUnit } from '../admin-types';
import classes from './units-page.module.css';

export type UnitAction = 'generate' | 'mapping' | 'archive' | 'unarchive' | 'delete';

type UnitCardProps = {
  unit: AdminUnit;
  /** The action running on this unit right now, if any. */
  busy: UnitAction | null;
  onAction: (action: UnitAction, unit: AdminUnit) => void;
};

/**
 * One unit in the units list. Memoised: with thousands of units, typing in the search box must not
 * re-render the cards that stay on screen.
 */
export const UnitCard = memo(function UnitCard({ unit, busy, onAction }: UnitCardProps) {
  const headingId = `unit-${unit.id}-heading`;
  const hasEvidence = Boolean(unit.performanceEvidence?.trim());
  // With requirements, View Mapping shows the coverage; before them, the document generation wrote.
  const hasMapping = unit.coverage !== null || Boolean(unit.mappingDocument?.trim());
  const uncovered = unit.coverage?.uncovered ?? 0;
  const archived = unit.archivedAt !== null;

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
        <Title order={2} id={headingId} fz="md" className={classes.heading}>
          <span className={classes.code}>{unit.unitCode}</span>
          <span className={classes.title}>{unit.title}</span>
        </Title>
        <Group gap={6} wrap="nowrap" className={classes.count}>
          {archived ? (
            <Badge variant="outline" color="gray" tt="none">
              Archived
            </Badge>
          ) : null}
          <Badge variant="light" tt="none" color={unit.taskCount > 0 ? 'teal' : 'gray'}>
            {countNoun(unit.taskCount, 'task')}
          </Badge>
        </Group>
      </Group>

      <Text size="xs" c="dimmed" mt={6}>
        {hasEvidence ? 'Performance Evidence recorded' : 'No Performance Evidence yet'}
        {unit.submissionCount > 0 ? ` · ${countNoun(unit.submissionCount, 'submission')}` : ''}
      </Text>
      {uncovered > 0 && unit.coverage ? (
        <Anchor
          renderRoot={(props) => <Link {...props} to="/admin/units/$id/coverage" params={{ id: unit.id }} />}
          size="sm"
          mt={6}
          className={classes.coverageWarning}
        >
          <IconAlertTriangle size={16} aria-hidden />
          {uncovered} of {countNoun(unit.coverage.coverable, 'requirement')} not covered by any task
        </Anchor>
      ) : null}

      <Group gap={6} mt="md" className={classes.actions}>
        <Button
          renderRoot={(props) => <Link {...props} to="/admin/units/$id/tasks" params={{ id: unit.id }} />}
          size="compact-sm"
          variant="light"
          leftSection={<IconListDetails size={16} aria-hidden />}
        >
          Tasks
        </Button>
        <Button
          renderRoot={(props) => <Link {...props} to="/admin/units/$id/edit" params={{ id: unit.id }} />}
          size="compact-sm"
          variant="default"
          leftSection={<IconEdit size={16} aria-hidden />}
        >
          Edit
        </Button>
        {hasEvidence && !archived ? (
          <Button
            size="compact-sm"
            variant="default"
            leftSection={<IconSparkles size={16} aria-hidden />}
            loading={busy === 'generate'}
            disabled={busy !== null && busy !== 'generate'}
            onClick={() => onAction('generate', unit)}
          >
            Generate Tasks
          </Button>
        ) : null}
        {hasMapping ? (
          <Button
            size="compact-sm"
            variant="default"
            leftSection={<IconFileText size={16} aria-hidden />}
            onClick={() => onAction('mapping', unit)}
          >
            View Mapping
          </Button>
        ) : null}
        <Button
          size="compact-sm"
          variant="subtle"
          color="gray"
          leftSection={
            archived ? <IconArchiveOff size={16} aria-hidden /> : <IconArchive size={16} aria-hidden />
          }
          loading={busy === 'archive' || busy === 'unarchive'}
          disabled={busy !== null && busy !== 'archive' && busy !== 'unarchive'}
          onClick={() => onAction(archived ? 'unarchive' : 'archive', unit)}
          className={classes.pushRight}
        >
          {archived ? 'Restore' : 'Archive'}
        </Button>
        {/* An archived unit with evidence can never be deleted: nothing to offer. */}
        {archived && unit.submissionCount > 0 ? null : (
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            loading={busy === 'delete'}
            disabled={busy !== null && busy !== 'delete'}
            onClick={() => onAction('delete', unit)}
          >
            Delete
          </Button>
        )}
      </Group>
    </Card>
  );
});
