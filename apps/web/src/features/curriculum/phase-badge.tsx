import type { Phase } from '@evident/core/curriculum';
import { Badge } from '@mantine/core';

const phaseColors: Record<Phase, string> = {
  Prepare: 'blue',
  Check: 'orange',
  Do: 'teal',
  'Review/Communicate': 'grape',
};

/** A task's phase, the same on the admin's task list and the student's task cards. */
export function PhaseBadge({ phase }: { phase: Phase }) {
  return (
    <Badge variant="light" color={phaseColors[phase]} radius="sm" tt="none" data-testid="phase-badge">
      {phase}
    </Badge>
  );
}
