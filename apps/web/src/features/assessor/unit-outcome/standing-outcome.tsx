import type { AppRouter } from '@evident/api/root';
import { unitOutcomeLabels } from '@evident/core/unit-outcome-values';
import { Alert, Text } from '@mantine/core';
import type { inferRouterOutputs } from '@trpc/server';
import { DateTimeText, dateOnly } from '../../../format/date-time';

type RecordedOutcome = inferRouterOutputs<AppRouter>['staff']['unitOutcomes']['list'][number];

/** The outcome standing now, as the dialog shows it before a new one replaces it. */
export function StandingOutcome({
  outcome,
  replaceable = true,
}: {
  outcome: RecordedOutcome;
  /** Said to whoever may record a new one (an assessor): it replaces this one, which stays. */
  replaceable?: boolean;
}) {
  const by = outcome.actingAdminName
    ? `${outcome.assessorName ?? 'a former assessor'} (made by admin ${outcome.actingAdminName})`
    : (outcome.assessorName ?? 'a former assessor');
  return (
    <Alert
      variant="light"
      color={outcome.outcome === 'competent' ? 'teal' : 'orange'}
      title={`Recorded: ${unitOutcomeLabels[outcome.outcome]}`}
      data-testid="standing-outcome"
    >
      <Text size="sm">
        By {by} on <DateTimeText value={outcome.createdAt} options={dateOnly} />.
        {replaceable ? ' A new outcome replaces it; this one stays in the record, marked superseded.' : ''}
      </Text>
      {outcome.remaining ? (
        <Text size="sm" mt={4}>
          <b>What remains:</b> {outcome.remaining}
        </Text>
      ) : null}
      <Text size="sm" mt={4}>
        <b>Justification:</b> {outcome.justification}
      </Text>
    </Alert>
  );
}
