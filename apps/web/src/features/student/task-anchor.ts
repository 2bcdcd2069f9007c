import { useLocation } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';

/** `#task-<id>`: where a graded mail's link points on the student dashboard. */
export const taskAnchor = (taskId: string) => `task-${taskId}`;

/**
 * Scrolls to the task card the URL's hash names once it is on screen. The tasks arrive after the
 * route, so the router's own hash scrolling finds nothing yet; this waits for the card.
 */
export function useScrollToTaskAnchor(taskIds: readonly string[]) {
  const hash = useLocation({ select: (location) => location.hash });
  // Once per link: searching or filtering afterwards does not pull the page back to the card.
  const done = useRef<string | null>(null);
  useEffect(() => {
    const taskId = hash.startsWith('task-') ? hash.slice('task-'.length) : null;
    if (!taskId || done.current === hash || !taskIds.includes(taskId)) return;
    const card = document.querySelector<HTMLElement>(`[data-task-id="${CSS.escape(taskId)}"]`);
    if (!card) return;
    done.current = hash;
    card.scrollIntoView({ block: 'center' });
  }, [hash, taskIds]);
}
