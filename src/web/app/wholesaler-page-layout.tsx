import { Outlet } from 'react-router';
import { usePageMeta } from './page-route';
import { PageScrollRestoration } from './page-scroll-restoration';

/**
 * The frame of a wholesaler's own pages (an offer link, a personal calculator): the page draws
 * the wholesaler's header and its main; nothing links to the app's pages, where a homeowner's
 * answer would no longer reach that wholesaler.
 */
export function WholesalerPageLayout() {
  usePageMeta();
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Outlet />
      <footer className="site-footer">
        <p>Offers are estimates for discussion, not binding purchase agreements.</p>
      </footer>
      <PageScrollRestoration />
    </div>
  );
}
