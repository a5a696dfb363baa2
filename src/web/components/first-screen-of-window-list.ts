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
