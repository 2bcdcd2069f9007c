import { Button, Paper, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { trpc } from '../../data-layer/trpc-client';
import { errorMessage } from '../toast/error-message';
import { toastError, toastSuccess } from '../toast/toast';

type Risk = 'low' | 'medium' | 'high';

/**
 * A unit's validation plan: when it was last validated and when it is next due, at most five years on
 * (the server refuses later), earlier by a risk rating with its reason.
 */
export function ValidationPlanPanel() {
  const utils = trpc.useUtils();
  const units = trpc.admin.units.list.useQuery();
  const [unitId, setUnitId] = useState<string | null>(null);
  const plan = trpc.admin.validationPlans.get.useQuery(
    { unitId: unitId ?? '' },
    { enabled: unitId !== null },
  );
  const [last, setLast] = useState('');
  const [next, setNext] = useState('');
  const [risk, setRisk] = useState<Risk>('low');
  const [reason, setReason] = useState('');
  useEffect(() => {
    setLast(plan.data?.lastValidatedOn ?? '');
    setNext(plan.data?.nextDueOn ?? '');
    setRisk(plan.data?.risk ?? 'low');
    setReason(plan.data?.riskReason ?? '');
  }, [plan.data]);
  const save = trpc.admin.validationPlans.set.useMutation({
    onSuccess: () => {
      void utils.admin.validationPlans.get.invalidate();
      toastSuccess('Validation plan saved');
    },
    onError: (error) => toastError('Could not save the plan', errorMessage(error, 'Please try again')),
  });
  const ready = unitId !== null && next !== '' && (risk === 'low' || reason.trim() !== '');
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="plan-heading"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (ready && unitId)
            save.mutate({
              unitId,
              lastValidatedOn: last || null,
              nextDueOn: next,
              risk,
              riskReason: reason || undefined,
            });
        }}
      >
        <Stack gap="md" maw={560}>
          <Title order={2} fz="lg" id="plan-heading">
            A unit’s validation plan
          </Title>
          <Select
            label="Unit"
            placeholder={units.isPending ? 'Loading units…' : 'Choose a unit'}
            data={(units.data ?? []).map((unit) => ({
              value: unit.id,
              label: `${unit.unitCode} ${unit.title}`,
            }))}
            value={unitId}
            onChange={setUnitId}
            searchable
            nothingFoundMessage="No unit matches"
          />
          {unitId && plan.data === null ? (
            <Text size="sm" c="dimmed">
              No plan yet for this unit.
            </Text>
          ) : null}
          <TextInput
            type="date"
            label="Last validated"
            value={last}
            onChange={(e) => setLast(e.currentTarget.value)}
          />
          <TextInput
            type="date"
            label="Next due"
            description="At most five years after the last validation"
            value={next}
            onChange={(e) => setNext(e.currentTarget.value)}
            withAsterisk
          />
          <Select
            label="Risk rating"
            data={[
              { value: 'low', label: 'Low' },
              { value: 'medium', label: 'Medium' },
              { value: 'high', label: 'High' },
            ]}
            value={risk}
            onChange={(value) => setRisk((value as Risk | null) ?? 'low')}
            allowDeselect={false}
          />
          <Textarea
            label="Reason for the rating"
            description="Needed for medium or high: new assessors, a changed unit, complaints…"
            autosize
            minRows={2}
            maxLength={2000}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
          <Button
            type="submit"
            disabled={!ready}
            loading={save.isPending}
            style={{ alignSelf: 'flex-start' }}
          >
            Save Plan
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
