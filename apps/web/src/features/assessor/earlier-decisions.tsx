import { gradeStatusLabels } from '@evident/core/grading';
import { Group, Stack, Text } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { DateTimeText, dateAndTime } from '../../format/date-time';
import classes from './grading.module.css';
import type { GradingSubmission } from './grading-types';

type Decision = GradingSubmission['earlierDecisions'][number];

function Heading({ decision }: { decision: Decision }) {
  const by = decision.assessorName ? ` by ${decision.assessorName}` : '';
  return (
    <>
      {`${gradeStatusLabels[decision.status]}${by}, `}
      <DateTimeText value={decision.createdAt} options={dateAndTime} />
      {/* Issue 29: whether the assessor's declaration came with it (callers of the API may send none). */}
      <span data-testid="decision-declaration">
        {decision.declarationVersion === null
          ? ' · Not declared'
          : ` · Declared (version ${decision.declarationVersion})`}
      </span>
    </>
  );
}

/**
 * What the student was told last time, right above the boxes for this decision: the last decision's
 * comment and strategies in full, any before it as one line each.
 */
export function EarlierDecisions({ decisions }: { decisions: readonly Decision[] }) {
  const last = decisions.at(-1);
  if (!last) return null;
  const older = decisions.slice(0, -1);
  return (
    <section className={classes.earlier} aria-label="Earlier decisions" data-testid="earlier-decisions">
      <Stack gap={4}>
        {older.map((decision) => (
          <Text key={decision.id} size="xs" c="dimmed">
            Before that: <Heading decision={decision} />
          </Text>
        ))}
        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconHistory size={16} aria-hidden className={classes.earlierIcon} />
          <Text size="xs" fw={700}>
            Last decision: <Heading decision={last} />
          </Text>
        </Group>
        {last.comment ? (
          <Text size="sm" className={classes.description} data-testid="earlier-comment">
            {last.comment}
          </Text>
        ) : null}
        {last.strategiesForReassessment ? (
          <Text size="sm" className={classes.description} data-testid="earlier-strategies">
            <Text span fw={600} inherit>
              Strategies:{' '}
            </Text>
            {last.strategiesForReassessment}
          </Text>
        ) : null}
      </Stack>
    </section>
  );
}
