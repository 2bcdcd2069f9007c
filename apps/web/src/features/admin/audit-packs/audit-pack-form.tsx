import { Button, Paper, Stack, Title } from '@mantine/core';
import { IconPackage } from '@tabler/icons-react';
import { trpc } from '../../../data-layer/trpc-client';
import { SamplePicker, sampleRequest, useSample } from '../../sampling/sample-picker';
import { errorMessage } from '../../toast/error-message';
import { toastError, toastSuccess } from '../../toast/toast';

/** An ASQA sample is a number drawn at random; a pack takes no share. */
const packModes = [
  { value: 'number' as const, label: 'ASQA sample' },
  { value: 'chosen' as const, label: 'Chosen students' },
];

/**
 * Asking for a pack: a unit, then either an ASQA sample (how many, drawn at random from the students
 * who completed the unit) or the students chosen by name. The server checks the sample's size too.
 */
export function AuditPackForm() {
  const utils = trpc.useUtils();
  const { sample, setSample, ready, clearChosen } = useSample();
  const create = trpc.admin.auditPacks.create.useMutation({
    onSuccess: () => {
      void utils.admin.auditPacks.list.invalidate();
      clearChosen();
      toastSuccess('Audit pack on its way', 'It is being built; you will get an email when it is ready.');
    },
    onError: (error) => toastError('Could not make the audit pack', errorMessage(error, 'Please try again')),
  });

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const request = sampleRequest(sample);
    if (!ready || !sample.unitId || 'samplePercent' in request) return;
    create.mutate({ unitId: sample.unitId, ...request });
  }

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="new-pack">
      <form onSubmit={submit}>
        <Stack gap="md" maw={560}>
          <Title order={2} fz="lg" id="new-pack">
            Make an audit pack
          </Title>
          <SamplePicker
            value={sample}
            onChange={setSample}
            modes={packModes}
            modesLabel="Which students"
            drawnDescription="Students drawn at random from those who completed the unit"
            maxNumber={200}
          />
          <Button
            type="submit"
            leftSection={<IconPackage size={18} aria-hidden />}
            disabled={!ready}
            loading={create.isPending}
            style={{ alignSelf: 'flex-start' }}
          >
            Make Pack
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
