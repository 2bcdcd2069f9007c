import { Alert, Code, Text } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';

/**
 * Said instead of offering 'Add platform' on a server with LTI off, where a platform added could
 * never launch Evident: what to set, and where the README explains it.
 */
export function LtiOffNotice() {
  return (
    <Alert
      variant="light"
      color="yellow"
      radius="lg"
      title="LTI is switched off on this server"
      icon={<IconPlugConnectedX size={20} aria-hidden />}
      data-testid="lti-off"
      // Mantine's light yellow writes the title in yellow 9, about 3:1 on the alert's own background.
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
    >
      <Text size="sm">
        No learning platform can launch Evident until it is on. Set <Setting>LTI_ENABLED=true</Setting> and{' '}
        <Setting>LTI_PRIVATE_KEY</Setting> (a random secret of at least 32 bytes, e.g. from{' '}
        <Setting>openssl rand -hex 32</Setting>) in the server's environment, then restart it.
      </Text>
      <Text size="sm" mt="xs">
        The README's section "LMS integration (LTI 1.3)" explains each setting and the ways to register a
        platform.
      </Text>
    </Alert>
  );
}

/** A setting or command, kept on one line: "-hex" and "32" apart read as two things. */
function Setting({ children }: { children: string }) {
  return <Code style={{ whiteSpace: 'nowrap' }}>{children}</Code>;
}
