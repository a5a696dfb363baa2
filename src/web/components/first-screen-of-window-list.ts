import type { VirtualItem, Virtualizer } from '@tanstack/react-virtual';
import type { CSSProperties } from 'react';
import { useHydrated } from './use-hydrated';

/**
 * A window-virtualised list's options for its first render: a screenful of rows from the top.
 * The server has no window to measure, so it draws the first rows as if the page were at the top
 * of a 900 px screen; hydration's first render must draw the same rows, and the list then follows
 * the real window and its scroll.
 */
export const firstScreenOfWindowList = {
  initialOffset: 0,
  initialRect: { width: 0, height: 900 },
} as const;

/**
 * The list's style and each row's. Until the page's code runs (a page the server drew), the rows
 * lie in the page's flow, one under the other: nothing has measured them, and placed at their
 * estimated offsets they overlapped. Once hydrated, each is placed where the virtualiser measured
 * it, which is where the flow had put it.
 */
export function useWindowListStyles(virtualizer: Virtualizer<Window, Element>) {
  const hydrated = useHydrated();
  return {
    list: hydrated ? { height: virtualizer.getTotalSize() } : undefined,
    row: (item: VirtualItem): CSSProperties =>
      hydrated
        ? { transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)` }
        : { position: 'static' },
  };
}
