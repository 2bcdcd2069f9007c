import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';

type ConfirmOptions = {
  /** The dialog's heading, short: 'Delete unit'. */
  title: string;
  /** The question itself, verbatim from the spec. */
  message: string;
  /** An optional second line with consequences the question does not spell out. */
  detail?: string;
  confirmLabel: string;
  destructive?: boolean;
  onConfirm: () => void;
};

/** A confirm dialog (focus-trapped, Escape cancels) in place of the browser's blocking `confirm()`. */
export function confirmAction({
  title,
  message,
  detail,
  confirmLabel,
  destructive,
  onConfirm,
}: ConfirmOptions) {
  modals.openConfirmModal({
    title,
    centered: true,
    children: (
      <>
        <Text size="sm">{message}</Text>
        {detail ? (
          <Text size="sm" c="dimmed" mt="xs">
            {detail}
          </Text>
        ) : null}
      </>
    ),
    labels: { confirm: confirmLabel, cancel: 'Cancel' },
    confirmProps: destructive ? { color: 'red' } : undefined,
    onConfirm,
  });
}
