import type { CurrentUser } from '@evident/core/user';
import { fullName } from '@evident/core/user';
import { Button, Container, Group, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { trpc } from '../../data-layer/trpc-client';
import classes from './impersonation-banner.module.css';

/** Tells an admin whose eyes they are looking through, and takes them back. */
export function ImpersonationBanner({ user }: { user: CurrentUser }) {
  const stop = trpc.admin.impersonation.stop.useMutation({
    // A full reload: every cached screen belonged to the other person.
    onSuccess: () => window.location.assign('/admin/users'),
    // Spec section 8: a failure to stop impersonation is only logged.
    onError: (error) => console.error('Could not exit viewing mode', error),
  });

  return (
    <section className={classes.banner} aria-label="Viewing mode">
      <Container size="xl">
        <Group justify="space-between" gap="xs" py={6} wrap="wrap">
          <Group gap={8} wrap="nowrap" miw={0}>
            <IconEye size={18} aria-hidden className={classes.icon} />
            <Text size="sm" fw={600}>
              Viewing as {fullName(user)}
              {user.originalUser ? (
                <Text span size="sm" fw={400}>
                  {' '}
                  (Admin: {fullName(user.originalUser)})
                </Text>
              ) : null}
            </Text>
          </Group>
          <Button
            size="compact-sm"
            variant="white"
            color="dark"
            loading={stop.isPending}
            onClick={() => stop.mutate()}
          >
            Exit Viewing Mode
          </Button>
        </Group>
      </Container>
    </section>
  );
}
