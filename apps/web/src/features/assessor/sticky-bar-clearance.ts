import { type RefObject, useEffect } from 'react';

/**
 * Keeps what the page scrolls to clear of a bar stuck under the top bar: while it is on screen the
 * document's scroll padding is the top bar and this bar together, so a card brought into view (a
 * field focused by Tab, a link to it) stops below the bar instead of under it. Measured by a
 * ResizeObserver, since the bar wraps to two rows on a phone.
 */
export function useStickyBarClearance(bar: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = bar.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      const height = Math.round(element.getBoundingClientRect().height);
      root.style.scrollPaddingTop = `calc(var(--evident-header-height, 61px) + ${height}px + 8px)`;
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('scroll-padding-top');
    };
  }, [bar]);
}
