import { Button, Radio, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { trpc } from '../../data-layer/trpc-client';
import { invalidateFor } from '../live/event-invalidations';
import { errorMessage } from '../toast/error-message';
import { toastError, toastSuccess } from '../toast/toast';

function useRecordReview(roundId: string) {
  return trpc.staff.validationRounds.recordReview.useMutation({
    onSuccess: () => {
      void invalidateFor({ type: 'validation.changed', roundId });
      toastSuccess('Review recorded');
    },
    onError: (error) => toastError('Could not record the review', errorMessage(error, 'Please try again')),
  });
}

/** A validator's view on one sampled record: do they agree with the judgement, and why. */
export function RecordReviewForm({
  roundId,
  studentId,
  studentName,
}: {
  roundId: string;
  studentId: string;
  studentName: string;
}) {
  const record = useRecordReview(roundId);
  const [agrees, setAgrees] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const ready = agrees !== null && reason.trim().length > 0;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (ready) record.mutate({ roundId, studentId, agrees: agrees === 'yes', reason });
      }}
    >
      <Stack gap="sm">
        <Radio.Group
          label={`Do you agree with the judgement on ${studentName}’s work?`}
          value={agrees}
          onChange={setAgrees}
          withAsterisk
        >
          <Stack gap={6} mt={6}>
            <Radio value="yes" label="Yes, I agree" />
            <Radio value="no" label="No, I do not agree" />
          </Stack>
        </Radio.Group>
        <Textarea
          label="Why"
          description="What in the evidence supports or does not support the judgement"
          autosize
          minRows={2}
          maxLength={4000}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          withAsterisk
        />
        <Button
          type="submit"
          disabled={!ready}
          loading={record.isPending}
          style={{ alignSelf: 'flex-start' }}
        >
          Record Review
        </Button>
      </Stack>
    </form>
  );
}

/** The validator's review of the tool: the unit's tasks and their coverage of its requirements. */
export function ToolReviewForm({ roundId }: { roundId: string }) {
  const record = useRecordReview(roundId);
  const [findings, setFindings] = useState('');
  const [changes, setChanges] = useState('');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (findings.trim()) record.mutate({ roundId, findings, recommendedChanges: changes || undefined });
      }}
    >
      <Stack gap="sm">
        <Textarea
          label="Findings on the tasks and their coverage"
          autosize
          minRows={3}
          maxLength={4000}
          value={findings}
          onChange={(event) => setFindings(event.currentTarget.value)}
          withAsterisk
        />
        <Textarea
          label="Recommended changes"
          autosize
          minRows={2}
          maxLength={4000}
          value={changes}
          onChange={(event) => setChanges(event.currentTarget.value)}
        />
        <Button
          type="submit"
          disabled={!findings.trim()}
          loading={record.isPending}
          style={{ alignSelf: 'flex-start' }}
        >
          Record Tool Review
        </Button>
      </Stack>
    </form>
  );
}
