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
import { IconPackage } from '@tabler/icons-react';
import { useState } from 'react';
import { trpc } from '../../../data-layer/trpc-client';
import { countNoun } from '../../../format/count-noun';
import { errorMessage } from '../../toast/error-message';
import { toastError, toastSuccess } from '../../toast/toast';

type Mode = 'sample' | 'chosen';

/**
 * Asking for a pack: a unit, then either an ASQA sample (how many, drawn at random from the students
 * who completed the unit) or the students chosen by name. The server checks the sample's size too.
 */
export function AuditPackForm() {
  const utils = trpc.useUtils();
  const units = trpc.admin.units.list.useQuery();
  const [unitId, setUnitId] = useState<string | null>(null);
  const [mode, setMode] = useState<Mode>('sample');
  const [sampleSize, setSampleSize] = useState<number | string>(5);
  const [studentIds, setStudentIds] = useState<string[]>([]);
  const completed = trpc.admin.auditPacks.listCompletedStudents.useQuery(
    { unitId: unitId ?? '' },
    { enabled: unitId !== null },
  );
  const create = trpc.admin.auditPacks.create.useMutation({
    onSuccess: () => {
      void utils.admin.auditPacks.list.invalidate();
      setStudentIds([]);
      toastSuccess('Audit pack on its way', 'It is being built; you will get an email when it is ready.');
    },
    onError: (error) => toastError('Could not make the audit pack', errorMessage(error, 'Please try again')),
  });

  const available = completed.data?.length ?? 0;
  const size = typeof sampleSize === 'number' ? sampleSize : Number.NaN;
  const sampleError =
    unitId && completed.data && size > available
      ? available === 0
        ? 'No student has completed this unit yet'
        : `Only ${countNoun(available, 'student')} completed this unit`
      : null;
  const ready =
    unitId !== null &&
    (mode === 'sample' ? Number.isInteger(size) && size >= 1 && !sampleError : studentIds.length > 0);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!ready || !unitId) return;
    create.mutate(mode === 'sample' ? { unitId, sampleSize: size } : { unitId, studentIds });
  }

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="new-pack">
      <form onSubmit={submit}>
        <Stack gap="md" maw={560}>
          <Title order={2} fz="lg" id="new-pack">
            Make an audit pack
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
            aria-label="Which students"
            value={mode}
            onChange={(value) => setMode(value as Mode)}
            data={[
              { value: 'sample', label: 'ASQA sample' },
              { value: 'chosen', label: 'Chosen students' },
            ]}
            fullWidth
          />
          {unitId && completed.data ? (
            <Text size="sm" c="dimmed" aria-live="polite">
              {countNoun(available, 'student')} completed this unit (an outcome standing, or every task
              judged).
            </Text>
          ) : null}
          {mode === 'sample' ? (
            <NumberInput
              label="Sample size"
              description="Students drawn at random from those who completed the unit"
              min={1}
              max={200}
              allowDecimal={false}
              value={sampleSize}
              onChange={setSampleSize}
              error={sampleError}
            />
          ) : (
            <MultiSelect
              label="Students"
              placeholder={unitId ? 'Choose students' : 'Choose a unit first'}
              data={(completed.data ?? []).map((student) => ({ value: student.id, label: student.name }))}
              value={studentIds}
              onChange={setStudentIds}
              searchable
              disabled={!unitId}
              nothingFoundMessage="No student who completed this unit matches"
            />
          )}
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
