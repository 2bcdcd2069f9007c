import { Badge, Tooltip } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import type { ReactNode } from 'react';

type WaitingBadgeProps = {
  count: number;
  /** What waits, singular and plural: ['file', 'files']. */
  noun: readonly [string, string];
  icon: ReactNode;
  testId: string;
};

/** A top-bar count of what the capture queue holds for sending; nothing when none waits. */
export function WaitingBadge({ count, noun, icon, testId }: WaitingBadgeProps) {
  const { online } = useNetwork();
  if (count === 0) return null;
  const label = `${count} ${count === 1 ? noun[0] : noun[1]} waiting to be sent${online ? '' : ' (no signal)'}`;
  return (
    <Tooltip label={label}>
      <Badge
        size="lg"
        variant="light"
        color={online ? 'blue' : 'yellow'}
        leftSection={icon}
        aria-label={label}
        role="status"
        data-testid={testId}
        data-count={count}
      >
        {count}
      </Badge>
    </Tooltip>
  );
}
