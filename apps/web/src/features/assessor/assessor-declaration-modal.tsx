import { Alert, Button, Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { DeclarationFrame } from '../declaration/declaration-frame';

export type AssessorDeclarationModalProps = {
  opened: boolean;
  /** The wording in force; undefined while it loads or when it could not be loaded. */
  wording: { version: number; text: string } | undefined;
  loadFailed: boolean;
  /** How many submissions the decision waiting for it covers. */
  count: number;
  onClose: () => void;
  onConfirm: (version: number) => void;
};

/**
 * Issue 29: before the first decision on the grading screen the assessor reads their declaration
 * in full and ticks it; every decision they record on the screen then carries it (its version, with
 * each decision's own time), single or bulk.
 */
export function AssessorDeclarationModal(props: AssessorDeclarationModalProps) {
  return (
    <DeclarationFrame opened={props.opened} onClose={props.onClose} testId="assessor-declaration">
      <Step {...props} />
    </DeclarationFrame>
  );
}

function Step({ wording, loadFailed, count, onClose, onConfirm }: AssessorDeclarationModalProps) {
  const [agreed, setAgreed] = useState(false);
  const textId = useId();
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Each decision you record on this screen carries this declaration, with its date and time.
      </Text>
      {wording ? (
        <Paper withBorder p="md" radius="md">
          <Text
            id={textId}
            size="sm"
            style={{ whiteSpace: 'pre-line' }}
            data-testid="assessor-declaration-text"
          >
            {wording.text}
          </Text>
        </Paper>
      ) : loadFailed ? (
        <Alert color="red" variant="light" title="Could not load the declaration">
          Check your connection and try again: a decision is recorded with the declaration.
        </Alert>
      ) : (
        <Text size="sm">Loading the declaration…</Text>
      )}
      <Checkbox
        checked={agreed}
        onChange={(event) => setAgreed(event.currentTarget.checked)}
        label="I make this declaration for the decisions I record here"
        aria-describedby={wording ? textId : undefined}
        disabled={!wording}
        data-testid="assessor-declaration-agree"
      />
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button
          disabled={!agreed || !wording}
          onClick={() => wording && onConfirm(wording.version)}
          data-testid="assessor-declaration-confirm"
        >
          {count === 1 ? 'Confirm and grade' : `Confirm and grade ${count}`}
        </Button>
      </Group>
      {wording ? (
        <Text size="xs" c="dimmed">
          Declaration version {wording.version}.
        </Text>
      ) : null}
    </Stack>
  );
}
