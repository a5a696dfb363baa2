import { useEffect, useState } from 'react';

/**
 * False on the server and in the first render in the browser (which must match the server's),
 * true once the page's code runs. A page drawn by the server can be clicked before then: a form's
 * submit button disabled until this is true is not submitted natively (a reload that loses what
 * was typed, or a password in the address bar).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- the first render must match the server's
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
