import { Text } from '@mantine/core';
import { useEffect, useState } from 'react';

/**
 * Whether this server has LTI on: its configuration JSON answers only when LTI_ENABLED and
 * LTI_PRIVATE_KEY are set (the server refuses to start with one and not the other). A plain fetch:
 * the signed-out pages sit outside the app's data providers.
 */
export function LtiServerStatus() {
  const [enabled, setEnabled] = useState<boolean | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetch('/lti/config.json', { headers: { accept: 'application/json' }, signal: controller.signal })
      .then((response) => setEnabled(response.ok))
      .catch(() => {});
    return () => controller.abort();
  }, []);
  if (enabled === null) return null;
  return (
    <Text size="sm" fw={600} mt="xs" data-testid="lti-server-status">
      {enabled ? 'This server: LTI is switched on.' : 'This server: LTI is switched off.'}
    </Text>
  );
}
