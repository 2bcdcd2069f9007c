import {
  Button,
  MultiSelect,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { useState } from 'react';
import { trpc } from '../../data-layer/trpc-client';
import { countNoun } from '../../format/count-noun';
import { errorMessage } from '../toast/error-message';
import { toastError, toastSuccess } from '../toast/toast';

type Mode = 'number' | 'percent' | 'chosen';

/**
 * Making a validation round: a unit, a sample (a number or a share of the students who completed it,
 * drawn at random across assessors, or chosen by name) and the validators. The server checks the
 * validators' credentials and the sample's size, and says why it refuses.
 */
export function ValidationRoundForm() {
  const utils = trpc.useUtils();
  const units = trpc.admin.units.list.useQuery();
  const people = trpc.admin.users.list.useQuery();
  const [unitId, setUnitId] = useState<string | null>(null);
  const [mode, setMode] = useState<Mode>('number');
  const [amount, setAmount] = useState<number | string>(5);
  const [studentIds, setStudentIds] = useState<string[]>([]);
  const [validatorIds, setValidatorIds] = useState<string[]>([]);
  const completed = trpc.admin.auditPacks.listCompletedStudents.useQuery(
    { unitId: unitId ?? '' },
    { enabled: unitId !== null },
  );
  const create = trpc.admin.validationRounds.create.useMutation({
    onSuccess: () => {
      void utils.admin.validationRounds.list.invalidate();
      setStudentIds([]);
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
  const size = typeof amount === 'number' ? amount : Number.NaN;
  const ready =
    unitId !== null &&
    validatorIds.length > 0 &&
    (mode === 'chosen' ? studentIds.length > 0 : Number.isFinite(size) && size > 0);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!ready || !unitId) return;
    const sample =
      mode === 'chosen'
        ? { studentIds }
        : mode === 'percent'
          ? { samplePercent: size }
          : { sampleSize: size };
    create.mutate({ unitId, validatorIds, ...sample });
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
          <Select
            label="Unit"
            placeholder={units.isPending ? 'Loading units…' : 'Choose a unit'}
            data={(units.data ?? []).map((unit) => ({
              value: unit.id,
              label: `${unit.unitCode} ${unit.title}`,
            }))}
            value={unitId}
            onChange={(value) => {
              setUnitId(value);
              setStudentIds([]);
            }}
            searchable
            nothingFoundMessage="No unit matches"
            error={units.isError ? 'Could not load the units' : undefined}
          />
          <SegmentedControl
            aria-label="How the sample is chosen"
            value={mode}
            onChange={(value) => setMode(value as Mode)}
            data={[
              { value: 'number', label: 'Number' },
              { value: 'percent', label: 'Share' },
              { value: 'chosen', label: 'Chosen' },
            ]}
            fullWidth
          />
          {unitId && completed.data ? (
            <Text size="sm" c="dimmed" aria-live="polite">
              {countNoun(completed.data.length, 'student')} completed this unit.
            </Text>
          ) : null}
          {mode === 'chosen' ? (
            <MultiSelect
              label="Students"
              placeholder={unitId ? 'Choose students' : 'Choose a unit first'}
              data={(completed.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
              value={studentIds}
              onChange={setStudentIds}
              searchable
              disabled={!unitId}
              nothingFoundMessage="No student who completed this unit matches"
            />
          ) : (
            <NumberInput
              label={mode === 'percent' ? 'Share of completed students (%)' : 'Sample size'}
              description="Drawn at random, spread across the assessors who judged them"
              min={1}
              max={100}
              allowDecimal={mode === 'percent'}
              value={amount}
              onChange={setAmount}
            />
          )}
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
