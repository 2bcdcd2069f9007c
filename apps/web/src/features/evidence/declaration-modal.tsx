import { Alert, Button, Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import { useId, useState } from 'react';
import type { QueuedDeclaration } from '../capture/capture-db';
import { DeclarationFrame } from '../declaration/declaration-frame';

export type DeclarationWording = { version: number; text: string };

export type DeclarationModalProps = {
  opened: boolean;
  taskTitle: string;
  /** The wording in force; undefined when it could not be loaded (no signal, never fetched). */
  wording: DeclarationWording | undefined;
  /** What the confirm button says, e.g. 'Confirm and choose file'. */
  confirmLabel: string;
  onClose: () => void;
  /** Called from the confirm click itself, so a file picker opened there still counts as the tap's. */
  onConfirm: (declaration: QueuedDeclaration | undefined) => void;
};

/**
 * Issue 29: before each upload the student reads the authenticity declaration in full and ticks it.
 * Without the wording (offline before it was ever loaded) the file may still be added; it arrives
 * 'Not declared' and the task asks for the declaration later.
 */
export function DeclarationModal(props: DeclarationModalProps) {
  return (
    <DeclarationFrame opened={props.opened} onClose={props.onClose} testId="declaration-modal">
      <DeclarationStep {...props} />
    </DeclarationFrame>
  );
}

function DeclarationStep({ taskTitle, wording, confirmLabel, onClose, onConfirm }: DeclarationModalProps) {
  const [agreed, setAgreed] = useState(false);
  const textId = useId();
  if (!wording) {
    return (
      <Stack gap="md">
        <Alert color="yellow" variant="light" title="Declaration not available offline">
          The declaration could not be loaded without a connection. You can still add the file: it is marked
          'Not declared' until you declare it from the task when you are back online.
        </Alert>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => onConfirm(undefined)} data-testid="declaration-skip">
            Continue without declaring
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        For: <strong>{taskTitle}</strong>. Read this and tick it before you add your evidence.
      </Text>
      <Paper withBorder p="md" radius="md">
        <Text id={textId} size="sm" style={{ whiteSpace: 'pre-line' }} data-testid="declaration-text">
          {wording.text}
        </Text>
      </Paper>
      <Checkbox
        checked={agreed}
        onChange={(event) => setAgreed(event.currentTarget.checked)}
        label="I declare that this is true"
        aria-describedby={textId}
        data-testid="declaration-agree"
      />
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button
          disabled={!agreed}
          onClick={() => onConfirm({ version: wording.version, declaredAt: new Date().toISOString() })}
          data-testid="declaration-confirm"
        >
          {confirmLabel}
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        Declaration version {wording.version}. Your declaration is kept with the file, with the date and time.
      </Text>
    </Stack>
  );
}
