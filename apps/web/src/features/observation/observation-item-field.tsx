import { type ObservationResult, observationResultLabels } from '@evident/core/observation-values';
import { Badge, Group, Paper, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { useId } from 'react';

export type ItemAnswer = { result: ObservationResult | null; note: string };

/** The segmented control's words: short enough for three across a 360 px phone. */
const choices = [
  { value: 'observed', label: 'Observed' },
  { value: 'not_observed', label: 'Not observed' },
  { value: 'not_applicable', label: 'N/A' },
] satisfies { value: ObservationResult; label: string }[];

const isResult = (value: string): value is ObservationResult => value in observationResultLabels;

/**
 * One checklist line: the requirement's key and words, its result (big touch targets: the assessor
 * is standing in a workshop, phone in one hand) and an optional note. A radio group under the
 * requirement's words for a screen reader.
 */
export function ObservationItemField({
  item,
  answer,
  missing,
  onChange,
}: {
  item: { key: string; text: string };
  answer: ItemAnswer;
  /** Signing was tried without a result here. */
  missing: boolean;
  onChange: (answer: ItemAnswer) => void;
}) {
  const labelId = useId();
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      data-testid="observation-item"
      data-key={item.key}
      data-missing={missing || undefined}
      style={missing ? { borderColor: 'var(--mantine-color-error)' } : undefined}
    >
      <Stack gap="xs">
        <Group gap="xs" wrap="nowrap" align="flex-start" id={labelId}>
          <Badge variant="light" radius="sm" style={{ flexShrink: 0 }}>
            {item.key}
          </Badge>
          <Text size="sm">{item.text}</Text>
        </Group>
        <SegmentedControl
          fullWidth
          size="sm"
          // Each segment as wide as its words ('Not observed' needs more than 'N/A'), and a finger's
          // height: equal thirds cut 'N/A' off on a 360 px phone.
          styles={{ control: { flex: '1 1 auto' }, label: { paddingBlock: 10, paddingInline: 8 } }}
          role="radiogroup"
          aria-labelledby={labelId}
          // Nothing chosen yet: no segment looks picked.
          value={answer.result ?? ''}
          onChange={(value) => onChange({ ...answer, result: isResult(value) ? value : null })}
          data={choices}
          color={answer.result === 'observed' ? 'teal' : answer.result === 'not_observed' ? 'red' : 'gray'}
        />
        {missing ? (
          <Text size="xs" c="red">
            Choose observed, not observed or N/A for {item.key}
          </Text>
        ) : null}
        <Textarea
          label={`Note on ${item.key} (optional)`}
          size="sm"
          autosize
          minRows={1}
          maxRows={5}
          maxLength={2000}
          value={answer.note}
          onChange={(event) => onChange({ ...answer, note: event.currentTarget.value })}
        />
      </Stack>
    </Paper>
  );
}
