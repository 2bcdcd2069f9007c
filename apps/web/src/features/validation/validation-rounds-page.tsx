import { Anchor, Badge, EmptyState, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { trpc } from '../../data-layer/trpc-client';
import { countNoun } from '../../format/count-noun';
import { useDocumentTitle } from '../widgets/document-title';
import { LoadError } from '../widgets/load-error';
import { PageHeader } from '../widgets/page-header';
import { MyValidationActions } from './my-validation-actions';
import { ValidationPlanPanel } from './validation-plan-panel';
import { ValidationRoundForm } from './validation-round-form';

export type RoundSummary = {
  id: string;
  unitCode: string;
  unitTitle: string;
  status: 'open' | 'closed';
  sampleCount: number;
  createdAt: string;
};

const when = (date: string) =>
  new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium' }).format(new Date(date));

/** The rounds as a list of links to each round's screen (its sample, reviews and progress). */
export function RoundList({ rounds, empty }: { rounds: RoundSummary[]; empty: string }) {
  if (rounds.length === 0)
    return (
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        <EmptyState icon={<IconChecklist stroke={1.6} aria-hidden />} variant="light">
          <EmptyState.Title order={3}>No validation rounds yet</EmptyState.Title>
          <EmptyState.Description>{empty}</EmptyState.Description>
        </EmptyState>
      </Paper>
    );
  return (
    <Stack gap="sm">
      {rounds.map((round) => (
        <Paper key={round.id} withBorder radius="md" p="md" data-testid="validation-round">
          <Group justify="space-between" gap="xs">
            <Anchor component={Link} to={`/validation/${round.id}`} fw={600}>
              {round.unitCode} {round.unitTitle}
            </Anchor>
            <Badge color={round.status === 'open' ? 'blue' : 'gray'} variant="light">
              {round.status === 'open' ? 'Open' : 'Closed'}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {countNoun(round.sampleCount, 'sampled record')} · made {when(round.createdAt)}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}

/**
 * Validation (/admin/validation, issue 30 §2): make a round for a unit, with its sample and validators,
 * and open each round to follow the validators' reviews.
 */
export function ValidationRoundsPage() {
  useDocumentTitle('Validation');
  const rounds = trpc.admin.validationRounds.list.useQuery();
  return (
    <>
      <PageHeader
        title="Validation"
        subtitle="Validate each unit at least once in five years: a sample of completed assessments reviewed by credentialled validators who did not judge them."
      />
      {/* An admin may own actions too: theirs head the page, as on a validator's list. */}
      <MyValidationActions />
      <Stack gap="lg">
        <ValidationRoundForm />
        <Stack gap="sm" component="section" aria-labelledby="rounds-heading">
          <Title order={2} fz="lg" id="rounds-heading">
            Rounds
          </Title>
          {rounds.isError ? (
            <LoadError
              title="Could not load the rounds"
              error={rounds.error}
              onRetry={() => void rounds.refetch()}
            />
          ) : null}
          {rounds.isPending ? <Skeleton height={72} radius="md" aria-label="Loading" /> : null}
          {rounds.data ? <RoundList rounds={rounds.data} empty="Rounds you make appear here." /> : null}
        </Stack>
        <ValidationPlanPanel />
      </Stack>
    </>
  );
}
