import type { CurrentUser } from '@evident/core/user';
import { Alert } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { IconWifiOff } from '@tabler/icons-react';
import { useLocation } from '@tanstack/react-router';

/**
 * Without a connection a student still sees their tasks, progress and statuses as last loaded (the
 * persisted query cache, persisted-cache.ts) and can keep capturing; assessor and admin screens
 * work on live data only, and say so; except an assessor's observation checklist (issue 29 §5), which
 * keeps a signed checklist on the device like a student's files.
 */
export function OfflineBanner({ user }: { user: CurrentUser }) {
  const { online } = useNetwork();
  const observing = useLocation({ select: (location) => location.pathname.startsWith('/observe/') });
  if (online) return null;
  const student = user.role === 'student';
  if (observing) {
    return (
      <Alert
        mb="md"
        radius="md"
        variant="light"
        color="yellow"
        icon={<IconWifiOff size={18} aria-hidden />}
        title="Offline: keep observing"
        role="status"
        data-testid="offline-banner"
      >
        A checklist you sign now is kept on this device and sent when the signal returns.
      </Alert>
    );
  }
  return (
    <Alert
      mb="md"
      radius="md"
      variant="light"
      color={student ? 'yellow' : 'red'}
      icon={<IconWifiOff size={18} aria-hidden />}
      title={student ? 'Offline: showing what was last loaded' : 'This screen needs a connection'}
      role="status"
      data-testid="offline-banner"
    >
      {student
        ? 'Photos and files you add now are kept on this device and sent when the signal returns.'
        : 'Grading and admin work use live data. Reconnect to carry on.'}
    </Alert>
  );
}
