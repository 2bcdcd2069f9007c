import { MultiSelect, NumberInput, SegmentedControl, Select, Text } from '@mantine/core';
import { useState } from 'react';
import { trpc } from '../../data-layer/trpc-client';
import { countNoun } from '../../format/count-noun';

/**
 * A unit and a sample of the students who completed it (issue 30 §2 and §3): the audit pack's form
 * and the validation round's form choose them the same way, so they share this picker, its one query
 * of who completed the unit, and what the choice asks of the server.
 */
type SampleMode = 'number' | 'percent' | 'chosen';

export type SampleChoice = {
  unitId: string | null;
  mode: SampleMode;
  /** The number, or the share in percent, as typed ('' while empty). */
  amount: number | string;
  studentIds: string[];
};

const initialSample: SampleChoice = { unitId: null, mode: 'number', amount: 5, studentIds: [] };

/** Who completed the unit (an outcome standing, or every task judged): the pool a sample is drawn from. */
function useCompletedStudents(unitId: string | null) {
  return trpc.admin.auditPacks.listCompletedStudents.useQuery(
    { unitId: unitId ?? '' },
    { enabled: unitId !== null },
  );
}

/** What the choice sends: a drawn number, a drawn share, or the students chosen. */
export function sampleRequest(
  choice: SampleChoice,
): { sampleSize: number } | { samplePercent: number } | { studentIds: string[] } {
  const amount = Number(choice.amount);
  if (choice.mode === 'chosen') return { studentIds: choice.studentIds };
  return choice.mode === 'percent' ? { samplePercent: amount } : { sampleSize: amount };
}

/** Why a drawn number cannot be met by those who completed the unit; null when it can (or is unknown). */
function sizeError(choice: SampleChoice, available: number | undefined): string | null {
  if (choice.mode !== 'number' || available === undefined || Number(choice.amount) <= available) return null;
  return available === 0
    ? 'No student has completed this unit yet'
    : `More than the ${countNoun(available, 'student')} who completed this unit`;
}

/** A unit is chosen, and the sample is one the server could take. */
function sampleReady(choice: SampleChoice, available: number | undefined): boolean {
  if (choice.unitId === null) return false;
  if (choice.mode === 'chosen') return choice.studentIds.length > 0;
  const amount = typeof choice.amount === 'number' ? choice.amount : Number.NaN;
  const whole = choice.mode === 'number' ? Number.isInteger(amount) : Number.isFinite(amount);
  return whole && amount > 0 && sizeError(choice, available) === null;
}

type SamplePickerProps = {
  value: SampleChoice;
  onChange: (next: SampleChoice) => void;
  /** The ways offered, with their labels, in order. */
  modes: { value: SampleMode; label: string }[];
  /** The mode switch's name for a screen reader. */
  modesLabel: string;
  /** Under the number: how the sample is drawn. */
  drawnDescription: string;
  maxNumber: number;
};

export function SamplePicker({
  value,
  onChange,
  modes,
  modesLabel,
  drawnDescription,
  maxNumber,
}: SamplePickerProps) {
  const units = trpc.admin.units.list.useQuery();
  const completed = useCompletedStudents(value.unitId);
  const set = (patch: Partial<SampleChoice>) => onChange({ ...value, ...patch });
  return (
    <>
      <Select
        label="Unit"
        placeholder={units.isPending ? 'Loading units…' : 'Choose a unit'}
        data={(units.data ?? []).map((unit) => ({ value: unit.id, label: `${unit.unitCode} ${unit.title}` }))}
        value={value.unitId}
        // Students chosen belong to the unit they were chosen from.
        onChange={(unitId) => set({ unitId, studentIds: [] })}
        searchable
        nothingFoundMessage="No unit matches"
        error={units.isError ? 'Could not load the units' : undefined}
      />
      <SegmentedControl
        aria-label={modesLabel}
        value={value.mode}
        onChange={(mode) => set({ mode: mode as SampleMode })}
        data={modes}
        fullWidth
      />
      {value.unitId && completed.data ? (
        <Text size="sm" c="dimmed" aria-live="polite">
          {countNoun(completed.data.length, 'student')} completed this unit (an outcome standing, or every
          task judged).
        </Text>
      ) : null}
      {completed.isError ? (
        <Text size="sm" c="red.8">
          Could not load who completed this unit.
        </Text>
      ) : null}
      {value.mode === 'chosen' ? (
        <MultiSelect
          label="Students"
          placeholder={value.unitId ? 'Choose students' : 'Choose a unit first'}
          data={(completed.data ?? []).map((student) => ({ value: student.id, label: student.name }))}
          value={value.studentIds}
          onChange={(studentIds) => set({ studentIds })}
          searchable
          disabled={!value.unitId}
          nothingFoundMessage="No student who completed this unit matches"
        />
      ) : (
        <NumberInput
          label={value.mode === 'percent' ? 'Share of completed students (%)' : 'Sample size'}
          description={drawnDescription}
          min={1}
          max={value.mode === 'percent' ? 100 : maxNumber}
          allowDecimal={value.mode === 'percent'}
          value={value.amount}
          onChange={(amount) => set({ amount })}
          error={sizeError(value, value.unitId ? completed.data?.length : undefined)}
        />
      )}
    </>
  );
}

/**
 * A form's sample: the choice, its setter, whether it is ready to send, and `clearChosen` for after a
 * send (the unit and the way stay, for the next one).
 */
export function useSample() {
  const [sample, setSample] = useState<SampleChoice>(initialSample);
  const completed = useCompletedStudents(sample.unitId);
  return {
    sample,
    setSample,
    ready: sampleReady(sample, completed.data?.length),
    clearChosen: () => setSample((current) => ({ ...current, studentIds: [] })),
  };
}
