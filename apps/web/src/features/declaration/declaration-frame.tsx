import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';

type DeclarationFrameProps = {
  opened: boolean;
  onClose: () => void;
  testId: string;
  /** Rendered only while open, so each opening starts unticked. */
  children: ReactNode;
};

/**
 * The frame a student's and an assessor's declaration share (issue 29): the whole screen on a phone,
 * where the wording must be read in full, a centred dialog elsewhere.
 */
export function DeclarationFrame({ opened, onClose, testId, children }: DeclarationFrameProps) {
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Your declaration"
      centered={!phone}
      fullScreen={phone}
      radius={phone ? 0 : 'lg'}
      closeButtonProps={{ 'aria-label': 'Close declaration' }}
      data-testid={testId}
    >
      {opened ? children : null}
    </Modal>
  );
}
