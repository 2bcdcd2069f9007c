import { Alert, Text } from '@mantine/core';
import { IconAward, IconListCheck } from '@tabler/icons-react';
import { DateTimeText, dateOnly } from '../../format/date-time';

type StandingOutcome = {
  outcome: 'competent' | 'not_yet_competent';
  remaining: string | null;
  createdAt: string;
};

/**
 * The assessor's judgement of the unit, above the student's progress (issue 29): Competent, or Not
 * Yet Competent with what remains. Nothing before the assessor records one.
 */
export function UnitOutcomeBanner({ unitCode, outcome }: { unitCode: string; outcome: StandingOutcome }) {
  if (outcome.outcome === 'competent') {
    return (
      <Alert
        variant="light"
        color="teal"
        radius="lg"
        icon={<IconAward aria-hidden />}
        title={`Competent in ${unitCode}`}
        data-testid="unit-outcome-banner"
        data-outcome="competent"
      >
        <Text size="sm">
          Your assessor judged you competent in this unit on{' '}
          <DateTimeText value={outcome.createdAt} options={dateOnly} />. Well done.
        </Text>
      </Alert>
    );
  }
  return (
    <Alert
      variant="light"
      color="orange"
      radius="lg"
      icon={<IconListCheck aria-hidden />}
      title={`Not yet competent in ${unitCode}`}
      data-testid="unit-outcome-banner"
      data-outcome="not_yet_competent"
    >
      <Text size="sm">
        Your assessor’s judgement on <DateTimeText value={outcome.createdAt} options={dateOnly} />. What
        remains:
      </Text>
      <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap' }}>
        {outcome.remaining}
      </Text>
    </Alert>
  );
}
