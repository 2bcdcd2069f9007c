import { Alert, Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLinkOff, IconMailForward } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { trpc } from '../../data-layer/trpc-client';
import type { AuthTab } from '../auth/sign-in-modal';
import { useCurrentUser } from '../auth/use-current-user';
import { errorMessage } from '../toast/error-message';

const SignInModal = lazy(() =>
  import('../auth/sign-in-modal').then((module) => ({ default: module.SignInModal })),
);

type WelcomeLinkProblemProps = {
  /** The link's token, to ask for a new link in its place; null when the address carried none. */
  token: string | null;
  /** The server's words for what is wrong with the link. */
  reason: string;
};

/**
 * A welcome link that no longer works: why, a new link by mail (to whoever the old one was sent to,
 * so it tells a stranger nothing), and signing in for someone who already chose a password.
 */
export function WelcomeLinkProblem({ token, reason }: WelcomeLinkProblemProps) {
  const user = useCurrentUser();
  const [tab, setTab] = useState<AuthTab | null>(null);
  const requestLink = trpc.invitation.welcome.requestLink.useMutation();

  return (
    <Stack gap="md">
      <Stack gap="xs" align="center" ta="center">
        <ThemeIcon size={52} radius="xl" variant="light" color="orange">
          <IconLinkOff size={28} stroke={1.6} aria-hidden />
        </ThemeIcon>
        <Title order={1} fz={24}>
          This invitation link does not work
        </Title>
      </Stack>
      <Alert color="orange" variant="light" role="alert">
        {reason}
      </Alert>
      {requestLink.isSuccess ? (
        <Alert color="teal" variant="light" role="status" icon={<IconMailForward size={20} aria-hidden />}>
          {requestLink.data.message}
        </Alert>
      ) : token ? (
        <Stack gap={6}>
          <Button
            fullWidth
            leftSection={<IconMailForward size={18} aria-hidden />}
            loading={requestLink.isPending}
            onClick={() => requestLink.mutate({ token })}
          >
            Email me a new link
          </Button>
          {requestLink.isError ? (
            <Text size="sm" c="red" role="alert">
              {errorMessage(requestLink.error, 'The new link could not be requested. Please try again.')}
            </Text>
          ) : null}
        </Stack>
      ) : null}
      {user ? null : (
        <Button fullWidth variant="default" onClick={() => setTab('sign-in')}>
          Sign in with my password
        </Button>
      )}
      {tab ? (
        <Suspense fallback={null}>
          <SignInModal opened tab={tab} onTabChange={setTab} onClose={() => setTab(null)} />
        </Suspense>
      ) : null}
    </Stack>
  );
}
