import { adminReadOnlyGradingMessage } from '@evident/core/class-filter';
import { type UnitOutcomeValue, unitOutcomeLabels } from '@evident/core/unit-outcome-values';
import { fullName } from '@evident/core/user';
import { Alert, Button, Checkbox, Group, Modal, Paper, Radio, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { trpc } from '../../../data-layer/trpc-client';
import { useCurrentUser } from '../../auth/use-current-user';
import { invalidateFor } from '../../live/event-invalidations';
import { errorMessage } from '../../toast/error-message';
import { toastSuccess } from '../../toast/toast';
import { GrowingTextarea } from '../growing-textarea';
import { StandingOutcome } from './standing-outcome';

/** Whose unit outcome the dialog records, and where the student stands in the unit's tasks. */
export type OutcomeSubject = {
  student: { id: string; firstName: string; lastName: string };
  unit: { id: string; unitCode: string; title: string };
  satisfied: number;
  total: number;
};

/**
 * Issue 29 §4: the assessor's judgement of the whole unit. Competent only once every task is
 * satisfactory (the server holds to it too); Not Yet Competent says what remains. Either needs a
 * justification and the assessor's declaration, confirmed. An outcome already standing is shown,
 * and a new one says it replaces it.
 */
export function UnitOutcomeDialog({
  subject,
  onClose,
}: {
  subject: OutcomeSubject | null;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  return (
    <Modal
      opened={subject !== null}
      onClose={onClose}
      title={
        subject ? (
          <Stack gap={0} component="span">
            <Text component="span" size="xs" c="dimmed" tt="uppercase" fw={700}>
              {subject.unit.unitCode} · Unit outcome
            </Text>
            <Text component="span" fw={700} size="lg">
              {fullName(subject.student)}
            </Text>
          </Stack>
        ) : null
      }
      fullScreen={phone}
      size="lg"
      radius={phone ? 0 : 'lg'}
      closeButtonProps={{ 'aria-label': 'Close unit outcome' }}
      data-testid="unit-outcome-dialog"
    >
      {subject ? <OutcomeContent subject={subject} onDone={onClose} /> : null}
    </Modal>
  );
}

/** An admin (not viewing as an assessor) follows outcomes read-only, as grading: the record says who judged. */
function OutcomeContent({ subject, onDone }: { subject: OutcomeSubject; onDone: () => void }) {
  const user = useCurrentUser();
  if (user?.role === 'assessor') return <OutcomeForm subject={subject} onDone={onDone} />;
  return <OutcomeReadOnly subject={subject} />;
}

function OutcomeReadOnly({ subject }: { subject: OutcomeSubject }) {
  const history = trpc.staff.unitOutcomes.list.useQuery({ unitId: subject.unit.id });
  const standing = history.data?.find((o) => o.studentId === subject.student.id && o.supersededAt === null);
  return (
    <Stack gap="md">
      {standing ? <StandingOutcome outcome={standing} replaceable={false} /> : null}
      {history.data && !standing ? <Text size="sm">No unit outcome is recorded yet.</Text> : null}
      {history.error ? (
        <Alert color="red" variant="light" title="Could not load the unit outcome">
          {errorMessage(history.error, 'Please check your connection and try again.')}
        </Alert>
      ) : null}
      <Alert variant="light" color="blue" data-testid="unit-outcome-read-only">
        {adminReadOnlyGradingMessage}
      </Alert>
    </Stack>
  );
}

function OutcomeForm({ subject, onDone }: { subject: OutcomeSubject; onDone: () => void }) {
  const declaration = trpc.assessor.declarations.get.useQuery();
  const history = trpc.staff.unitOutcomes.list.useQuery({ unitId: subject.unit.id });
  const allSatisfied = subject.total > 0 && subject.satisfied === subject.total;
  const [outcome, setOutcome] = useState<UnitOutcomeValue>(allSatisfied ? 'competent' : 'not_yet_competent');
  const [justification, setJustification] = useState('');
  const [remaining, setRemaining] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const record = trpc.assessor.unitOutcomes.record.useMutation({
    onSuccess: async (recorded) => {
      toastSuccess(
        `${unitOutcomeLabels[recorded.outcome]} recorded`,
        `${fullName(subject.student)} in ${subject.unit.unitCode}`,
      );
      await invalidateFor({
        type: 'unitOutcome.changed',
        studentId: subject.student.id,
        unitId: subject.unit.id,
      });
      onDone();
    },
  });

  if (declaration.isPending || history.isPending) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label="Loading the unit outcome">
        <Skeleton height={24} width="60%" />
        <Skeleton height={120} />
      </Stack>
    );
  }
  const loadError = declaration.error ?? history.error;
  if (loadError || !declaration.data || !history.data) {
    return (
      <Alert color="red" variant="light" title="Could not load the unit outcome">
        {errorMessage(loadError, 'Please check your connection and try again.')}
      </Alert>
    );
  }
  const standing = history.data.find((o) => o.studentId === subject.student.id && o.supersededAt === null);
  const missing = {
    remaining: outcome === 'not_yet_competent' && !remaining.trim(),
    justification: !justification.trim(),
  };
  const canRecord = confirmed && !missing.justification && !missing.remaining && !record.isPending;

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!canRecord) return;
        record.mutate({
          studentId: subject.student.id,
          unitId: subject.unit.id,
          outcome,
          justification,
          remaining: outcome === 'not_yet_competent' ? remaining : null,
          declarationVersion: declaration.data.version,
          replacesOutcomeId: standing?.id ?? null,
        });
      }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed" data-testid="unit-outcome-progress">
          {subject.satisfied} of {subject.total} tasks satisfactory in {subject.unit.title}
        </Text>
        {standing ? <StandingOutcome outcome={standing} /> : null}
        <Radio.Group
          label="Outcome"
          value={outcome}
          onChange={(value) => setOutcome(value as UnitOutcomeValue)}
          description={allSatisfied ? undefined : 'Competent needs every task satisfactory first.'}
        >
          <Stack gap="xs" mt="xs">
            <Radio value="competent" label={unitOutcomeLabels.competent} disabled={!allSatisfied} />
            <Radio value="not_yet_competent" label={unitOutcomeLabels.not_yet_competent} />
          </Stack>
        </Radio.Group>
        {outcome === 'not_yet_competent' ? (
          <GrowingTextarea
            label="What remains"
            description="What the student still has to show, in words they can act on"
            required
            value={remaining}
            onChange={(event) => setRemaining(event.currentTarget.value)}
            minRows={2}
            maxRows={8}
            maxLength={10_000}
          />
        ) : null}
        <GrowingTextarea
          label="Justification"
          description="How the evidence meets the unit: valid, sufficient, authentic and current"
          required
          value={justification}
          onChange={(event) => setJustification(event.currentTarget.value)}
          minRows={3}
          maxRows={10}
          maxLength={10_000}
        />
        <Paper withBorder radius="md" p="sm" component="section" aria-labelledby="outcome-declaration">
          <Text id="outcome-declaration" size="sm" fw={700}>
            Assessor’s declaration (version {declaration.data.version})
          </Text>
          <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap' }} data-testid="unit-outcome-declaration">
            {declaration.data.text}
          </Text>
          <Checkbox
            mt="sm"
            label="I make this declaration"
            checked={confirmed}
            onChange={(event) => setConfirmed(event.currentTarget.checked)}
          />
        </Paper>
        {record.error ? (
          <Alert color="red" variant="light" title="The outcome was not recorded" role="alert">
            {errorMessage(record.error, 'Please check your connection and try again.')}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={!canRecord} loading={record.isPending}>
            {standing ? 'Replace outcome' : 'Record outcome'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
