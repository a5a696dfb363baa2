import { ScrollRestoration } from 'react-router';

/**
 * A new page opens at its top; Back and Forward return to where the reader was. A page loaded
 * afresh (a typed address, a reload) has the history key 'default' whatever its address, so it
 * is remembered by its path instead: otherwise it would open where the tab's last loaded page was left.
 */
export function PageScrollRestoration() {
  return <ScrollRestoration getKey={(location) => (location.key === 'default' ? location.pathname : location.key)} />;
}
