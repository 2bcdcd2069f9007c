import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconSchool } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { trpc } from '../../data-layer/trpc-client';
import { rememberReturnTo } from '../auth/return-to';
import type { AuthTab } from '../auth/sign-in-modal';
import { useCurrentUser } from '../auth/use-current-user';
import { invalidateFor } from '../live/event-invalidations';
import { PublicPage } from '../shell/public-page';
import { rememberUnit } from '../student/chosen-unit';
import { errorMessage } from '../toast/error-message';
import { toastError, toastSuccess } from '../toast/toast';
import { useDocumentTitle } from '../widgets/document-title';

const SignInModal = lazy(() =>
  import('../auth/sign-in-modal').then((module) => ({ default: module.SignInModal })),
);

type Invitation = {
  name: string;
  units: { id: string; unitCode: string; title: string }[];
  closedReason: string | null;
  alreadyJoined: boolean;
};

/**
 * The class invitation link. A signed-in student confirms and joins the class and its units; a
 * signed-out visitor signs in or up and comes back here; anyone else is told why they cannot join.
 */
export function JoinClassPage({ inviteCode }: { inviteCode: string }) {
  useDocumentTitle('Join a class');
  const user = useCurrentUser();
  const invitation = trpc.invitation.classes.get.useQuery({ inviteCode }, { retry: false });

  return (
    <PublicPage size="xs">
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} mt={user ? 'md' : 0}>
        {invitation.isPending ? (
          <Stack gap="sm" role="status" aria-busy="true" aria-label="Loading the invitation">
            <Skeleton height={24} width="70%" />
            <Skeleton height={14} width="90%" />
          </Stack>
        ) : invitation.isError ? (
          <Stack gap="md">
            <Title order={1} fz={24}>
              Join a class
            </Title>
            <Alert color="red" role="alert" title="This link does not work">
              {errorMessage(invitation.error, 'Could not open the invitation. Please try again.')}
            </Alert>
          </Stack>
        ) : (
          <InvitationBody inviteCode={inviteCode} invitation={invitation.data} />
        )}
      </Paper>
    </PublicPage>
  );
}

function InvitationBody({ inviteCode, invitation }: { inviteCode: string; invitation: Invitation }) {
  const user = useCurrentUser();
  return (
    <Stack gap="md">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <IconSchool size={28} aria-hidden style={{ flexShrink: 0, marginTop: 4 }} />
        <div style={{ minWidth: 0 }}>
          <Text size="sm" c="dimmed">
            Class invitation
          </Text>
          <Title order={1} fz={24} style={{ overflowWrap: 'anywhere' }}>
            {invitation.name}
          </Title>
        </div>
      </Group>
      <div>
        <Text size="sm" fw={600} mb={4}>
          {invitation.units.length === 1 ? 'Unit' : 'Units'}
        </Text>
        <Stack gap={2} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {invitation.units.map((unit) => (
            <Text component="li" key={unit.id} size="sm">
              <Text span ff="monospace" fw={700}>
                {unit.unitCode}
              </Text>{' '}
              {unit.title}
            </Text>
          ))}
        </Stack>
      </div>
      {invitation.closedReason ? (
        <Alert color="orange" role="alert" title="This class is closed">
          {invitation.closedReason}
        </Alert>
      ) : !user ? (
        <SignedOut inviteCode={inviteCode} />
      ) : user.role !== 'student' ? (
        <Alert color="blue" title="For students">
          Only a student account joins a class through its link. Administrators enrol students on the Classes
          screen.
        </Alert>
      ) : invitation.alreadyJoined ? (
        <AlreadyJoined firstUnitId={invitation.units[0]?.id} userId={user.id} />
      ) : (
        <ConfirmJoin inviteCode={inviteCode} invitation={invitation} userId={user.id} />
      )}
    </Stack>
  );
}

function ConfirmJoin({
  inviteCode,
  invitation,
  userId,
}: {
  inviteCode: string;
  invitation: Invitation;
  userId: string;
}) {
  const navigate = useNavigate();
  const join = trpc.invitation.classes.join.useMutation({
    onSuccess: async (result) => {
      const first = result.units[0];
      if (first) rememberUnit(userId, first.id);
      toastSuccess(`Joined ${result.className}`, result.units.map((unit) => unit.unitCode).join(', '));
      await invalidateFor(
        result.units.map(
          (unit) => ({ type: 'enrolment.created', studentId: userId, unitId: unit.id }) as const,
        ),
      );
      await navigate({ to: '/' });
    },
    onError: (error) => toastError('Could not join', errorMessage(error, 'Please try again')),
  });
  return (
    <>
      <Text>
        Join {invitation.name}? Its {invitation.units.length === 1 ? 'unit is' : 'units are'} added to your
        dashboard with {invitation.units.length === 1 ? 'its' : 'their'} tasks.
      </Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" component={Link} to="/">
          Not now
        </Button>
        <Button loading={join.isPending} onClick={() => join.mutate({ inviteCode })}>
          Join class
        </Button>
      </Group>
    </>
  );
}

function AlreadyJoined({ firstUnitId, userId }: { firstUnitId: string | undefined; userId: string }) {
  return (
    <>
      <Alert color="teal" title="You are in this class">
        Its units and tasks are on your dashboard.
      </Alert>
      <Group justify="flex-end">
        <Button component={Link} to="/" onClick={() => firstUnitId && rememberUnit(userId, firstUnitId)}>
          Go to my dashboard
        </Button>
      </Group>
    </>
  );
}

function SignedOut({ inviteCode }: { inviteCode: string }) {
  const [tab, setTab] = useState<AuthTab | null>(null);
  const open = (next: AuthTab) => {
    // After signing in (or up) the app comes back here to confirm.
    rememberReturnTo(`/join/${encodeURIComponent(inviteCode)}`);
    setTab(next);
  };
  return (
    <>
      <Text>Sign in as a student to join this class, or sign up if you are new to Evident.</Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={() => open('sign-up')}>
          Sign Up
        </Button>
        <Button onClick={() => open('sign-in')}>Sign In to join</Button>
      </Group>
      {tab ? (
        <Suspense fallback={null}>
          <SignInModal opened tab={tab} onTabChange={setTab} onClose={() => setTab(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
