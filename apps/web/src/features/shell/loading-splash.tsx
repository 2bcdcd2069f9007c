import { Center, Loader, Stack, Text } from '@mantine/core';

/** Shown while the current user loads (spec section 2). */
export function LoadingSplash() {
  return (
    <Center mih="100vh" role="status">
      <Stack align="center" gap="sm">
        <Loader size="md" aria-hidden />
        <Text c="dimmed">Loading...</Text>
      </Stack>
    </Center>
  );
}
