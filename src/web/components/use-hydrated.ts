import { useSyncExternalStore } from 'react';

const neverChanges = () => () => {};

/**
 * False on the server and while the browser hydrates what the server drew (its first render must
 * match the server's), true once the page's code runs, and at once on a page the browser draws
 * itself. A page drawn by the server can be clicked before then: a form's submit button disabled
 * until this is true is not submitted natively (a reload that loses what was typed, or a password
 * in the address bar).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}
