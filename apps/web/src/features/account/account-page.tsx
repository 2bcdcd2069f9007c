import { roleLabels } from '@evident/core/roles';
import { fullName } from '@evident/core/user';
import { Paper, Stack, Text } from '@mantine/core';
import { trpc } from '../../data-layer/trpc-client';
import { useCurrentUser } from '../auth/use-current-user';
import { useDocumentTitle } from '../widgets/document-title';
import { PageHeader } from '../widgets/page-header';
import { ApiTokensPanel } from './api-tokens-panel';
import { DigestMailSwitch } from './digest-mail-switch';
import { GradedMailSwitch } from './graded-mail-switch';
import { SingleSignOnPanel } from './single-sign-on-panel';

/**
 * `/account`: who you are signed in as, a student's graded-mail switch or an assessor's morning
 * digest switch, linking single sign-on where the server has it, and personal API tokens.
 */
export function AccountPage() {
  useDocumentTitle('Account');
  const user = useCurrentUser();
  const utils = trpc.useUtils();
  const tokens = trpc.account.tokens.list.useQuery();
  const issue = trpc.account.tokens.issue.useMutation({
    onSettled: () => utils.account.tokens.list.invalidate(),
  });
  const revoke = trpc.account.tokens.revoke.useMutation({
    onSettled: () => utils.account.tokens.list.invalidate(),
  });
  // While an admin views the app as someone, these are still the admin's own tokens.
  const me = user?.originalUser ?? user;

  return (
    <>
      <PageHeader
        title="Account"
        subtitle={
          me?.role === 'student' || me?.role === 'assessor'
            ? 'Your details, email and API tokens for scripts.'
            : 'Your details and API tokens for scripts.'
        }
      />
      <Stack gap="xl" maw={760}>
        {me ? (
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
            <Text fw={600}>{fullName(me)}</Text>
            <Text size="sm" c="dimmed">
              {me.email} · {roleLabels[me.role]}
            </Text>
          </Paper>
        ) : null}
        {me?.role === 'student' ? <GradedMailSwitch /> : null}
        {me?.role === 'assessor' ? <DigestMailSwitch /> : null}
        {/* Linking is for the person signed in, not the one an admin is viewing the app as. */}
        {me && !user?.isImpersonating ? <SingleSignOnPanel email={me.email} /> : null}
        <ApiTokensPanel
          owner="your"
          tokens={tokens}
          issue={(input) => issue.mutateAsync(input)}
          revoke={(tokenId) => revoke.mutateAsync({ tokenId })}
        />
      </Stack>
    </>
  );
}
