import { SELF_ENROL_CLOSED_MESSAGE } from '@evident/core/self-enrol';
import { Alert } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { trpc } from '../../data-layer/trpc-client';

/** With `SELF_ENROL=invitation` a unit code joins nothing: say so, and how to join, before anyone types. */
export function InvitationOnlyNotice() {
  const options = trpc.student.units.getSetUpOptions.useQuery(undefined, {
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (options.data?.selfEnrol !== 'invitation') return null;
  return (
    <Alert
      color="blue"
      icon={<IconMailForward size={20} aria-hidden />}
      title="Join through your class invitation"
      mb="lg"
      role="status"
    >
      {SELF_ENROL_CLOSED_MESSAGE} Opening it while signed in adds you to your class and its units.
    </Alert>
  );
}
