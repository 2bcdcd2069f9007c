import { maxObservationMinutes, type ObservationRequest } from '@evident/core/observations';
import { Alert, Button, Group, NumberInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSignature } from '@tabler/icons-react';
import { type FormEvent, useRef, useState } from 'react';
import { type ItemAnswer, ObservationItemField } from './observation-item-field';

type ChecklistItem = { key: string; text: string };
type Details = { observedOn: string; place: string; duration: string | number; signedName: string };
export type SignedChecklist = Omit<ObservationRequest, 'studentId' | 'taskId' | 'clientKey'>;

/** A typed signature and the account's name alike but for case and spacing. */
const sameName = (a: string, b: string) =>
  a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();

/** What is missing before the checklist can be signed, by field; empty when it can. */
function problemsOf(
  items: ChecklistItem[],
  answers: Record<string, ItemAnswer>,
  details: Details,
  today: string,
) {
  const problems: Partial<Record<'items' | 'observedOn' | 'place' | 'duration' | 'signedName', string>> = {};
  if (items.some((item) => !answers[item.key]?.result))
    problems.items = 'Choose a result for every item before signing.';
  if (!details.observedOn) problems.observedOn = 'Enter the date of the observation';
  else if (details.observedOn > today) problems.observedOn = 'The date cannot be later than today';
  if (!details.place.trim()) problems.place = 'Enter where the observation took place';
  const minutes = Number(details.duration);
  if (!Number.isInteger(minutes) || minutes < 1 || minutes > maxObservationMinutes)
    problems.duration = `Enter how long it took, in whole minutes (1 to ${maxObservationMinutes})`;
  if (!details.signedName.trim()) problems.signedName = 'Type your name to sign the checklist';
  return problems;
}

/**
 * The checklist itself: a line per mapped item, then when, where, how long, and the assessor's typed
 * name as the signature. Nothing is sent from here: `onSign` hands the signed checklist to the queue.
 */
export function ObservationForm({
  items,
  today,
  accountName,
  busy,
  onSign,
}: {
  items: ChecklistItem[];
  today: string;
  /** The signed-in assessor's name: a typed signature that differs is pointed out, not refused. */
  accountName: string;
  busy: boolean;
  onSign: (signed: SignedChecklist) => void;
}) {
  const [answers, setAnswers] = useState<Record<string, ItemAnswer>>({});
  const [details, setDetails] = useState<Details>({
    observedOn: today,
    place: '',
    duration: '',
    signedName: '',
  });
  const [tried, setTried] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const problems = problemsOf(items, answers, details, today);
  const shown = tried ? problems : {};
  const set = (field: keyof Details) => (value: string | number) =>
    setDetails((current) => ({ ...current, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (Object.keys(problems).length > 0) {
      // To the first thing to fix, for a keyboard and a screen reader as much as for the eye.
      requestAnimationFrame(() => {
        const first = form.current?.querySelector<HTMLElement>('[data-missing] input, [aria-invalid="true"]');
        first?.focus();
        first?.scrollIntoView({ block: 'center' });
      });
      return;
    }
    onSign({
      observedOn: details.observedOn,
      place: details.place.trim(),
      durationMinutes: Number(details.duration),
      signedName: details.signedName.trim(),
      items: items.map((item) => {
        const answer = answers[item.key];
        const note = answer?.note.trim();
        return { key: item.key, result: answer?.result ?? 'not_applicable', ...(note ? { note } : {}) };
      }),
    });
  };

  return (
    <form ref={form} onSubmit={submit} noValidate aria-label="Observation checklist">
      <Stack gap="md">
        <Title order={2} size="h4">
          Requirements
        </Title>
        {items.map((item) => (
          <ObservationItemField
            key={item.key}
            item={item}
            answer={answers[item.key] ?? { result: null, note: '' }}
            missing={tried && !answers[item.key]?.result}
            onChange={(answer) => setAnswers((current) => ({ ...current, [item.key]: answer }))}
          />
        ))}
        <Title order={2} size="h4" mt="sm">
          The observation
        </Title>
        <TextInput
          label="Date"
          type="date"
          required
          max={today}
          value={details.observedOn}
          onChange={(event) => set('observedOn')(event.currentTarget.value)}
          error={shown.observedOn}
        />
        <TextInput
          label="Place"
          description="The workplace, site or room"
          required
          maxLength={200}
          value={details.place}
          onChange={(event) => set('place')(event.currentTarget.value)}
          error={shown.place}
        />
        <NumberInput
          label="Duration in minutes"
          required
          min={1}
          max={maxObservationMinutes}
          allowDecimal={false}
          allowNegative={false}
          inputMode="numeric"
          value={details.duration}
          onChange={set('duration')}
          error={shown.duration}
        />
        <TextInput
          label="Signed by"
          description="Type your full name to sign this checklist as the assessor who observed"
          required
          maxLength={200}
          autoComplete="name"
          value={details.signedName}
          onChange={(event) => set('signedName')(event.currentTarget.value)}
          error={shown.signedName}
        />
        {details.signedName.trim() && !sameName(details.signedName, accountName) ? (
          <Text size="xs" c="dimmed" mt={-8} data-testid="signature-differs">
            This is not the name on your account ({accountName}). Check it is how you sign.
          </Text>
        ) : null}
        {shown.items ? (
          <Alert color="red" variant="light" role="alert">
            {shown.items}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button
            type="submit"
            size="md"
            loading={busy}
            leftSection={<IconSignature size={18} aria-hidden />}
          >
            Sign and save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
