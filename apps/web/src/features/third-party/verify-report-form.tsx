import { Button, Stack, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { trpc } from '../../data-layer/trpc-client';
import { errorMessage } from '../toast/error-message';
import { toastError, toastSuccess } from '../toast/toast';

const today = () => {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
};

/** How the assessor checked a report was genuine: how (a phone call), when, and a note. */
export function VerifyReportForm({ reportId, onDone }: { reportId: string; onDone: () => void }) {
  const utils = trpc.useUtils();
  const [method, setMethod] = useState('Phone call');
  const [verifiedOn, setVerifiedOn] = useState(today);
  const [note, setNote] = useState('');
  const record = trpc.thirdParty.verifications.record.useMutation({
    onSuccess: async () => {
      toastSuccess('Verification recorded', 'It shows on the report and in the assessment record.');
      setNote('');
      onDone();
      await utils.thirdParty.reports.list.invalidate();
    },
    onError: (error) => toastError('Verification not recorded', errorMessage(error, 'Please try again.')),
  });
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    record.mutate({ reportId, method, verifiedOn, note });
  }
  return (
    <form onSubmit={submit}>
      <Stack gap="xs">
        <TextInput
          label="How you verified it"
          description="For example, a phone call to the supervisor"
          required
          maxLength={200}
          value={method}
          onChange={(e) => setMethod(e.currentTarget.value)}
        />
        <TextInput
          type="date"
          label="Date verified"
          required
          max={today()}
          value={verifiedOn}
          onChange={(e) => setVerifiedOn(e.currentTarget.value)}
        />
        <Textarea
          label="Note"
          autosize
          minRows={2}
          maxLength={2000}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
        />
        <Button type="submit" size="sm" loading={record.isPending} style={{ alignSelf: 'flex-start' }}>
          Save Verification
        </Button>
      </Stack>
    </form>
  );
}
