import { useState } from 'react';

/**
 * Issue 20: whether a dialog (a Modal, a Drawer) belongs in the page yet: not until it is first
 * opened, then for good, so it can animate closed. Mantine mounts a closed dialog's portal, scroll
 * lock and frame anyway, in an effect after the screen's first render: every task card's audio
 * recorder, the evidence viewer and the menu drawer cost a phone's first screen another render pass
 * for dialogs nobody had opened.
 */
export function useMountedOnceOpened(opened: boolean): boolean {
  const [mounted, setMounted] = useState(opened);
  if (opened && !mounted) setMounted(true);
  return mounted || opened;
}
