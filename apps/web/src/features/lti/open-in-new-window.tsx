import { Anchor, Container, Group, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useState } from 'react';
import { toastError } from '../toast/toast';
import { inFrame, tabSessionHeaders, tabSessionToken } from './tab-session';

/**
 * Inside the LMS iframe: 'Open in new window' carries the launch over to a tab of its own, signed in
 * by a one-time link (cookies work there as everywhere else). The window is opened at the click, so
 * no popup blocker stops it, and pointed at the link once the server gives it.
 */
export function OpenInNewWindow() {
  const [busy, setBusy] = useState(false);
  if (!inFrame() || !tabSessionToken()) return null;

  async function open() {
    const opened = window.open('about:blank', '_blank');
    setBusy(true);
    try {
      const response = await fetch('/lti/handoff', { method: 'POST', headers: tabSessionHeaders() });
      if (!response.ok) throw new Error(await response.text());
      const { url: path } = (await response.json()) as { url: string };
      // Absolute: a blank window has no address of ours to resolve a path against.
      const url = new URL(path, window.location.origin).href;
      if (opened) opened.location.href = url;
      else window.open(url, '_blank');
    } catch (error) {
      opened?.close();
      toastError('Could not open a new window', error instanceof Error ? error.message : 'Please try again');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Container size="xl" py={4}>
      <Group justify="flex-end">
        <Text size="sm">
          <Anchor
            component="button"
            type="button"
            onClick={() => void open()}
            disabled={busy}
            data-testid="open-in-new-window"
          >
            <Group gap={4} component="span" wrap="nowrap">
              Open in new window
              <IconExternalLink size={14} aria-hidden />
            </Group>
          </Anchor>
        </Text>
      </Group>
    </Container>
  );
}
