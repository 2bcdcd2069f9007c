import { Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconUserCheck } from '@tabler/icons-react';
import { TRPCClientError } from '@trpc/client';
import { useState } from 'react';
import { trpc } from '../../data-layer/trpc-client';
import { PublicPage } from '../shell/public-page';
import { errorMessage } from '../toast/error-message';
import { useDocumentTitle } from '../widgets/document-title';
import { LoadError } from '../widgets/load-error';
import { WelcomeLinkProblem } from './welcome-link-problem';
import classes from './welcome-page.module.css';
import { WelcomePasswordForm } from './welcome-password-form';

const NO_TOKEN =
  'This link has no invitation in it. Open the whole link from your email, or ask your trainer.';

/**
 * The link in a class invitation mail: the class, its units and who invited the student, and the
 * password they choose, which signs them in. A link that no longer works says why and offers a new one.
 */
export function WelcomePage({ token }: { token: string | undefined }) {
  useDocumentTitle('Welcome');
  return (
    <PublicPage size="xs">
      <Paper withBorder radius="lg" shadow="sm" p={{ base: 'md', sm: 'xl' }} maw={480} mx="auto">
        {token ? <Welcome token={token} /> : <WelcomeLinkProblem token={null} reason={NO_TOKEN} />}
      </Paper>
    </PublicPage>
  );
}

/** The server read the link and refused it (used, expired, not ours), as against a failed request. */
function isRefusedLink(error: unknown): boolean {
  const status: unknown = error instanceof TRPCClientError ? error.data?.httpStatus : undefined;
  return typeof status === 'number' && status >= 400 && status < 500 && status !== 408 && status !== 429;
}

function Welcome({ token }: { token: string }) {
  const welcome = trpc.invitation.welcome.get.useQuery({ token }, { retry: false });
  // The link was spent in another tab while this one was open: the password form's refusal.
  const [refusal, setRefusal] = useState<string | null>(null);

  if (welcome.isPending) {
    return (
      <Stack gap="sm" role="status" aria-busy="true" aria-label="Loading your invitation">
        <Skeleton height={14} width="35%" />
        <Skeleton height={28} width="85%" />
        <Skeleton height={14} width="60%" />
      </Stack>
    );
  }
  if (welcome.isError) {
    return isRefusedLink(welcome.error) ? (
      <WelcomeLinkProblem token={token} reason={errorMessage(welcome.error, NO_TOKEN)} />
    ) : (
      <LoadError
        title="Could not open your invitation"
        error={welcome.error}
        onRetry={() => void welcome.refetch()}
      />
    );
  }
  if (refusal) return <WelcomeLinkProblem token={token} reason={refusal} />;

  const { className, firstName, invitedBy, units, email } = welcome.data;
  return (
    <Stack gap="lg">
      <div>
        <Text size="sm" c="dimmed" fw={500}>
          Class invitation
        </Text>
        <Title order={1} fz={{ base: 24, sm: 28 }} className={classes.title}>
          {className ? `Welcome to ${className}, ${firstName}` : `Welcome to Evident, ${firstName}`}
        </Title>
        {invitedBy ? (
          <Group gap={6} mt={8} wrap="nowrap" align="flex-start">
            <IconUserCheck size={18} aria-hidden className={classes.inviterIcon} />
            <Text size="sm">
              Invited by <strong>{invitedBy}</strong>
            </Text>
          </Group>
        ) : null}
      </div>
      {units.length > 0 ? (
        <section aria-labelledby="welcome-units">
          <Text id="welcome-units" component="h2" size="sm" fw={600} mb={6}>
            {units.length === 1 ? 'Your unit' : 'Your units'}
          </Text>
          <ul className={classes.units}>
            {units.map((unit) => (
              <li key={unit.id} className={classes.unit}>
                <span className={classes.unitCode}>{unit.unitCode}</span>
                <span>{unit.title}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <WelcomePasswordForm token={token} email={email} onLinkRefused={setRefusal} />
    </Stack>
  );
}
