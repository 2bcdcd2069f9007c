import { Anchor, Button, Group, NumberInput, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArchive } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { trpc } from '../../../data-layer/trpc-client';
import { errorMessage } from '../../toast/error-message';
import { toastError, toastSuccess } from '../../toast/toast';

/**
 * How long completed assessment records are kept after the unit outcome (issue 30 §4). Two years by
 * default: the Compliance Standards' records section as the WA regulator (TAC) reads it.
 */
export function RetentionPanel() {
  const period = trpc.admin.retention.getPeriod.useQuery();
  const utils = trpc.useUtils();
  const [months, setMonths] = useState<number | string | null>(null);
  const value = months ?? period.data?.months ?? '';
  const save = trpc.admin.retention.setPeriod.useMutation({
    onSuccess: (saved) => {
      utils.admin.retention.getPeriod.setData(undefined, saved);
      void utils.admin.retention.get.invalidate();
      setMonths(null);
      toastSuccess('Retention period saved', `Records are kept for ${saved.label} after the unit outcome.`);
    },
    onError: (error) => toastError('Could not save the period', errorMessage(error, 'Please try again')),
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    if (typeof value === 'number') save.mutate({ months: value });
  }
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} maw={640}>
      <form onSubmit={submit}>
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap">
            <IconArchive size={22} stroke={1.7} aria-hidden />
            <Title order={2} fz="lg">
              Records kept
            </Title>
          </Group>
          <Text size="sm" c="dimmed">
            Completed assessment records are kept this long after the student’s unit outcome, then listed on{' '}
            <Anchor component={Link} to="/admin/retention" inherit>
              Records kept
            </Anchor>{' '}
            for an admin to dispose of. Two years is the default (the Compliance Standards as the WA Training
            Accreditation Council reads them). Unit outcomes are kept {period.data?.outcomeYears ?? 30} years.
          </Text>
          {period.data ? (
            <NumberInput
              label="Keep records for (months)"
              description={period.data.isDefault ? 'The default: 24 months' : `Now ${period.data.label}`}
              min={6}
              max={600}
              allowDecimal={false}
              value={value}
              onChange={setMonths}
              maw={240}
            />
          ) : (
            <Skeleton height={60} radius="sm" aria-label="Loading" />
          )}
          <Group justify="flex-end">
            <Button
              type="submit"
              loading={save.isPending}
              disabled={months === null || typeof value !== 'number' || value === period.data?.months}
            >
              Set period
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
