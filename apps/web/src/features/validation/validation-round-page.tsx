import type { AppRouter } from '@evident/api/root';
import { Anchor, Badge, Button, Group, Paper, Progress, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { inferRouterOutputs } from '@trpc/server';
import { useState } from 'react';
import { trpc } from '../../data-layer/trpc-client';
import { useCurrentUser } from '../auth/use-current-user';
import { useDocumentTitle } from '../widgets/document-title';
import { LoadError } from '../widgets/load-error';
import { PageHeader } from '../widgets/page-header';
import { RecordReviewForm, ToolReviewForm } from './review-forms';
import { RoundActionsSection } from './round-actions-section';
import { RoundClosePanel } from './round-close-panel';
import { SampledRecordEvidence } from './sampled-record-evidence';

type Round = inferRouterOutputs<AppRouter>['staff']['validationRounds']['get'];

/**
 * The assessment record PDF (evidence, declarations, observations, third-party reports, decisions,
 * outcome) through the round: a validator reads the records sampled in their round, and no other.
 */
const recordUrl = (roundId: string, studentId: string) =>
  `/api/validation-rounds/${encodeURIComponent(roundId)}/records/${encodeURIComponent(studentId)}.pdf`;

function SampledRecord({ round, record, me }: { round: Round; record: Round['sample'][number]; me: string }) {
  const reviews = round.reviews.filter((r) => r.studentId === record.studentId);
  const isValidator = round.validators.some((v) => v.id === me);
  const mine = reviews.some((r) => r.validatorId === me);
  const judgedIt = record.judgedBy.some((j) => j.id === me);
  const [open, setOpen] = useState(false);
  return (
    <Paper withBorder radius="md" p="md" data-testid="sampled-record">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Text fw={600}>{record.studentName}</Text>
          <Anchor
            href={recordUrl(round.id, record.studentId)}
            size="sm"
            aria-label={`Assessment record of ${record.studentName} (PDF)`}
          >
            <Group gap={4} component="span">
              <IconDownload size={14} aria-hidden /> Assessment record (PDF)
            </Group>
          </Anchor>
        </Group>
        <Text size="sm" c="dimmed">
          Judged by {record.judgedBy.map((j) => j.name).join(', ') || 'no one yet'}
        </Text>
        <Button
          variant="light"
          size="compact-sm"
          w="fit-content"
          aria-expanded={open}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? 'Hide evidence' : 'Show evidence'}
        </Button>
        {open ? <SampledRecordEvidence roundId={round.id} studentId={record.studentId} /> : null}
        {reviews.map((review) => (
          <Text key={review.id} size="sm">
            <Badge color={review.agrees ? 'green' : 'orange'} variant="light" mr="xs">
              {review.agrees ? 'Agrees' : 'Does not agree'}
            </Badge>
            {review.validatorName}: {review.reason}
          </Text>
        ))}
        {isValidator && !mine && round.status === 'open' ? (
          judgedIt ? (
            <Text size="sm" c="dimmed">
              You judged this record, so another validator reviews it.
            </Text>
          ) : (
            <RecordReviewForm
              roundId={round.id}
              studentId={record.studentId}
              studentName={record.studentName}
            />
          )
        ) : null}
      </Stack>
    </Paper>
  );
}

/**
 * A validation round (/validation/:roundId, issue 30 §2): its validators and credentials, the progress,
 * each sampled record with its PDF and reviews, and the tool review. A validator records their reviews
 * here; an admin follows them. Validators are assessors, admins, or people with the validator role.
 */
export function ValidationRoundPage({ roundId }: { roundId: string }) {
  const user = useCurrentUser();
  const me = user?.id ?? '';
  const isAdmin = user?.role === 'rto_admin';
  const query = trpc.staff.validationRounds.get.useQuery({ id: roundId });
  const round = query.data;
  useDocumentTitle(round ? `Validation ${round.unitCode}` : 'Validation');
  if (query.isError)
    return (
      <LoadError title="Could not load the round" error={query.error} onRetry={() => void query.refetch()} />
    );
  if (!round) return <Skeleton height={160} radius="md" aria-label="Loading" />;
  const toolReviews = round.reviews.filter((r) => r.studentId === null);
  const isValidator = round.validators.some((v) => v.id === me);
  const percent = round.progress.expected
    ? Math.round((100 * round.progress.done) / round.progress.expected)
    : 0;
  return (
    <>
      <PageHeader title={`Validation: ${round.unitCode}`} subtitle={round.unitTitle} />
      <Stack gap="lg">
        <RoundClosePanel round={round} isAdmin={isAdmin} />
        <Paper withBorder radius="md" p="md">
          <Stack gap="xs">
            <Text size="sm" fw={600}>
              {round.progress.done} of {round.progress.expected} record reviews done
            </Text>
            <Progress value={percent} aria-label={`${percent}% of record reviews done`} />
            <Title order={2} fz="md" mt="xs">
              Validators
            </Title>
            {round.validators.map((v) => (
              <Text key={v.id} size="sm">
                {v.name}: {v.credentials.map((c) => `${c.code} ${c.title}`).join('; ') || 'no credential'}
                {v.meetsCredentialPolicy ? ' (meets the Credential Policy)' : ''}
              </Text>
            ))}
          </Stack>
        </Paper>
        <Stack gap="sm" component="section" aria-labelledby="sample-heading">
          <Title order={2} fz="lg" id="sample-heading">
            Sampled records
          </Title>
          {round.sample.map((record) => (
            <SampledRecord key={record.studentId} round={round} record={record} me={me} />
          ))}
        </Stack>
        <Stack gap="sm" component="section" aria-labelledby="tool-heading">
          <Title order={2} fz="lg" id="tool-heading">
            The assessment tool
          </Title>
          {toolReviews.map((review) => (
            <Paper key={review.id} withBorder radius="md" p="md">
              <Text size="sm" fw={600}>
                {review.validatorName}
              </Text>
              <Text size="sm">Findings: {review.findings}</Text>
              {review.recommendedChanges ? (
                <Text size="sm">Recommended: {review.recommendedChanges}</Text>
              ) : null}
            </Paper>
          ))}
          {isValidator && !toolReviews.some((r) => r.validatorId === me) && round.status === 'open' ? (
            <Paper withBorder radius="md" p="md">
              <ToolReviewForm roundId={round.id} />
            </Paper>
          ) : null}
          {toolReviews.length === 0 && !isValidator ? (
            <Text size="sm" c="dimmed">
              No validator has reviewed the tool yet.
            </Text>
          ) : null}
        </Stack>
        <RoundActionsSection round={round} isAdmin={isAdmin} me={me} />
      </Stack>
    </>
  );
}
