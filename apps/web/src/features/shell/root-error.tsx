import { Button, Center, EmptyState } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';

/** Shown when the app cannot start, typically because the server is unreachable. */
export function RootError({ error }: ErrorComponentProps) {
  const router = useRouter();
  console.error(error);
  return (
    <Center mih="100vh" p="md">
      <EmptyState
        icon={<IconPlugConnectedX stroke={1.6} aria-hidden />}
        variant="light"
        color="red"
        size="lg"
      >
        <EmptyState.Title order={1}>Something went wrong</EmptyState.Title>
        <EmptyState.Description>
          Evident could not load. Check your connection and try again.
        </EmptyState.Description>
        <EmptyState.Actions>
          <Button onClick={() => void router.invalidate()}>Try again</Button>
        </EmptyState.Actions>
      </EmptyState>
    </Center>
  );
}
