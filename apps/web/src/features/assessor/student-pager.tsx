import { fullName, initials } from '@evident/core/user';
import { ActionIcon, Avatar, Badge, Group, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { positionedWhileOpen } from '../widgets/positioned-while-open';
import { SelectOnDemand } from '../widgets/select-on-demand';
import classes from './grading.module.css';
import type { StudentGroup } from './grading-types';

type StudentPagerProps = {
  groups: readonly StudentGroup[];
  index: number;
  onChange: (index: number) => void;
};

/** One student at a time: previous, next, or straight to a student by name. */
export function StudentPager({ groups, index, onChange }: StudentPagerProps) {
  const current = groups[index];
  if (!current) return null;
  const count = current.submissions.length;
  return (
    <Paper withBorder radius="lg" p="sm" component="nav" aria-label="Students">
      <div className={classes.pager}>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label="Previous student"
          disabled={index === 0}
          onClick={() => onChange(index - 1)}
        >
          <IconChevronLeft size={18} aria-hidden />
        </ActionIcon>
        <Group gap="sm" wrap="nowrap" miw={0} className={classes.pagerStudent}>
          <Avatar radius="xl" color="teal" size={40} aria-hidden>
            {initials(current.student)}
          </Avatar>
          <Stack gap={0} miw={0}>
            <Group gap={6} wrap="wrap">
              <Text fw={700} className={classes.wrap} data-testid="pager-student">
                {fullName(current.student)}
              </Text>
              {current.student.deactivated ? <DeactivatedBadge /> : null}
            </Group>
            <Text size="xs" c="dimmed" className={classes.wrap}>
              {current.student.email}
            </Text>
            <Text size="xs" c="dimmed">
              Student {index + 1} of {groups.length} · {count} {count === 1 ? 'submission' : 'submissions'}
            </Text>
          </Stack>
        </Group>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label="Next student"
          disabled={index >= groups.length - 1}
          onClick={() => onChange(index + 1)}
        >
          <IconChevronRight size={18} aria-hidden />
        </ActionIcon>
        {groups.length > 2 ? (
          <SelectOnDemand
            className={classes.pagerJump}
            label="Go to student"
            size="sm"
            searchable
            allowDeselect={false}
            comboboxProps={positionedWhileOpen}
            value={current.studentId}
            data={groups.map((group) => ({
              value: group.studentId,
              label: `${fullName(group.student)}${group.student.deactivated ? ', deactivated' : ''} (${group.submissions.length})`,
            }))}
            onChange={(value) => {
              const next = groups.findIndex((group) => group.studentId === value);
              if (next >= 0) onChange(next);
            }}
          />
        ) : null}
      </div>
    </Paper>
  );
}

/**
 * A deactivated student's work still waits for a decision, though they can no longer sign in to
 * answer it: said beside their name, in words a screen reader reads with it.
 */
function DeactivatedBadge() {
  return (
    <Badge
      size="sm"
      variant="light"
      color="gray"
      radius="sm"
      title="This student's account is deactivated: they can no longer sign in"
      data-testid="student-deactivated"
    >
      <VisuallyHidden>Account </VisuallyHidden>
      Deactivated
    </Badge>
  );
}
