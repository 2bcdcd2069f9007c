import type { CurrentUser } from '@evident/core/user';
import { Alert } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { IconWifiOff } from '@tabler/icons-react';

/**
 * Without a connection a student still sees their tasks, progress and statuses as last loaded (the
 * persisted query cache, persisted-cache.ts) and can keep capturing; assessor and admin screens
 * work on live data only, and say so.
 */
export function OfflineBanner({ user }: { user: CurrentUser }) {
  const { online } = useNetwork();
  if (online) return null;
  const student = user.role === 'student';
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
