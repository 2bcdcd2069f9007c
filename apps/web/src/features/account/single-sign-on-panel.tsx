import { Button, Group, Paper, Text } from '@mantine/core';
import { IconCircleCheck, IconKey } from '@tabler/icons-react';
import { trpc } from '../../data-layer/trpc-client';

/** Back here after the provider, where the panel then says the sign-in is linked. */
const LINK_HREF = `/api/login?${new URLSearchParams({ returnTo: '/account' })}`;

/**
 * Linking the single sign-on provider to the signed-in person, where the server has one. A staff
 * account links only while signed in with its password (the callback refuses otherwise), so the panel
 * offers the link then, and otherwise says what to do.
 */
export function SingleSignOnPanel({ email }: { email: string }) {
  const status = trpc.account.singleSignOn.get.useQuery();
  const provider = status.data?.provider;
  // Nothing to offer, or not known yet: the page says nothing rather than flash a panel.
  if (!status.data || !provider) return null;
  const { linked, signedInWithPassword } = status.data;

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="single-sign-on-heading"
    >
      <Text fw={600} id="single-sign-on-heading" mb="xs">
        Single sign-on
      </Text>
      {linked ? (
        <Group gap="xs" wrap="nowrap" align="flex-start" role="status">
          <IconCircleCheck
            size={20}
            aria-hidden
            color="var(--mantine-color-teal-filled)"
            style={{ flexShrink: 0, marginTop: 1 }}
          />
          <Text size="sm">You can now sign in with {provider}.</Text>
        </Group>
      ) : signedInWithPassword ? (
        <>
          <Text size="sm" c="dimmed" mb="sm">
            Sign in with {provider} as well as your password. Your {provider} account must use {email}.
          </Text>
          {/* A plain link: the provider's sign-in is a full-page round trip that comes back here. */}
          <Button
            component="a"
            href={LINK_HREF}
            variant="default"
            leftSection={<IconKey size={16} aria-hidden />}
          >
            Link {provider} sign-in
          </Button>
        </>
      ) : (
        <Text size="sm" c="dimmed">
          To link {provider} sign-in to this account, sign out, sign in with your email and password, and link
          it here.
        </Text>
      )}
    </Paper>
  );
}
