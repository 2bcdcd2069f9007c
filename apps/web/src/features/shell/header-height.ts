import { type RefObject, useEffect } from 'react';

/** The sticky top bar's height, for what must sit below it: toasts on a phone, the grading screen's bar. */
export const headerHeightProperty = '--evident-header-height';

/**
 * Keeps `--evident-header-height` on the document equal to the top bar's height, which an
 * impersonation banner or the LMS frame's 'Open in new window' makes taller than its 61 px. Measured
 * by a ResizeObserver after layout, so no render forces one.
 */
export function usePublishedHeaderHeight(header: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = header.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      root.style.setProperty(headerHeightProperty, `${Math.round(element.getBoundingClientRect().height)}px`);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(headerHeightProperty);
    };
  }, [header]);
}
