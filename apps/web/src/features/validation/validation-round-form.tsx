import { Button, MultiSelect, Paper, Stack, Title } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { useState } from 'react';
import { trpc } from '../../data-layer/trpc-client';
import { invalidateFor } from '../live/event-invalidations';
import { SamplePicker, sampleRequest, useSample } from '../sampling/sample-picker';
import { errorMessage } from '../toast/error-message';
import { toastError, toastSuccess } from '../toast/toast';

const roundModes = [
  { value: 'number' as const, label: 'Number' },
  { value: 'percent' as const, label: 'Share' },
  { value: 'chosen' as const, label: 'Chosen' },
];

/**
 * Making a validation round: a unit, a sample (a number or a share of the students who completed it,
 * drawn at random across assessors, or chosen by name) and the validators. The server checks the
 * validators' credentials and the sample's size, and says why it refuses.
 */
export function ValidationRoundForm() {
  const people = trpc.admin.users.list.useQuery();
  const { sample, setSample, ready: sampleReady, clearChosen } = useSample();
  const [validatorIds, setValidatorIds] = useState<string[]>([]);
  const create = trpc.admin.validationRounds.create.useMutation({
    onSuccess: ({ id }) => {
      void invalidateFor({ type: 'validation.changed', roundId: id });
      clearChosen();
      toastSuccess(
        'Validation round made',
        'We emailed its validators; they see it on their Validation screen.',
      );
    },
    onError: (error) => toastError('Could not make the round', errorMessage(error, 'Please try again')),
  });
  const staff = (people.data ?? []).filter(
    (p) =>
      (p.role === 'assessor' || p.role === 'rto_admin' || p.role === 'validator') && p.status === 'active',
  );
  const ready = sampleReady && validatorIds.length > 0;

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!ready || !sample.unitId) return;
    create.mutate({ unitId: sample.unitId, validatorIds, ...sampleRequest(sample) });
  }

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="new-round"
    >
      <form onSubmit={submit}>
        <Stack gap="md" maw={560}>
          <Title order={2} fz="lg" id="new-round">
            Make a validation round
          </Title>
          <SamplePicker
            value={sample}
            onChange={setSample}
            modes={roundModes}
            modesLabel="How the sample is chosen"
            drawnDescription="Drawn at random, spread across the assessors who judged them"
            // The server's most in one round (core's maxValidationSample).
            maxNumber={100}
          />
          <MultiSelect
            label="Validators"
            description="Each needs a credential recorded on their person; one must hold TAE40122, TAE40116 or TAE40110"
            placeholder={people.isPending ? 'Loading people…' : 'Choose validators'}
            data={staff.map((p) => ({ value: p.id, label: `${p.firstName} ${p.lastName}` }))}
            value={validatorIds}
            onChange={setValidatorIds}
            searchable
            nothingFoundMessage="No assessor, admin or validator matches"
          />
          <Button
            type="submit"
            leftSection={<IconChecklist size={18} aria-hidden />}
            disabled={!ready}
            loading={create.isPending}
            style={{ alignSelf: 'flex-start' }}
          >
            Make Round
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
