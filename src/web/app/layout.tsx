import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { useSession } from '../api/use-session';
import { AccountNav } from '../features/auth/account-nav';
import { useEmailVerificationNotice } from '../features/auth/use-email-verification-notice';
import type { UserType } from '../features/calculator/user-type';
import { WorkspaceAccessGuard } from '../features/team/workspace-access-guard';
import { WorkspaceSwitcher } from '../features/team/workspace-switcher';
import { usePageMeta } from './page-route';
import { PageScrollRestoration } from './page-scroll-restoration';
import { AssignmentNotices } from './task-assignment-notices';
import { WorkNav } from './work-nav';

export function Layout() {
  const { pathname } = useLocation();
  const { user } = useSession();
  usePageMeta();
  useEmailVerificationNotice();
  // §2: the Calculator link resets the visitor to homeowner, unless they are already on it.
  const calculatorState: { userType?: UserType } | undefined = pathname === '/' ? undefined : { userType: 'homeowner' };

  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <nav className="site-nav app-nav" aria-label="Main">
          <Link to="/" state={calculatorState} className="brand">
            <span className="brand-mark" aria-hidden="true">
              $
            </span>
            <span className="brand-name">Cash Offer Calculator</span>
          </Link>
          <ul className="nav-links">
            <li>
              <NavLink to="/" end state={calculatorState}>
                Calculator
              </NavLink>
            </li>
            <li>
              <NavLink to="/wholesalers">
                <span className="nav-label-lead">For </span>Wholesalers
              </NavLink>
            </li>
            {user && (
              <>
                <li>
                  <NavLink to="/leads">Leads</NavLink>
                </li>
                <li>
                  <NavLink to="/saved">
                    Saved<span className="nav-label-rest"> Properties</span>
                  </NavLink>
                </li>
              </>
            )}
          </ul>
          {user && (
            <div className="nav-more">
              <WorkNav />
            </div>
          )}
          <AccountNav workspaceSwitcher={(menuOpen) => <WorkspaceSwitcher menuOpen={menuOpen} />} />
        </nav>
      </header>
      <main id="main" className="site-main">
        <WorkspaceAccessGuard>
          <Outlet />
        </WorkspaceAccessGuard>
      </main>
      <footer className="site-footer">
        <p>Offers are estimates for discussion, not binding purchase agreements.</p>
      </footer>
      <PageScrollRestoration />
      <AssignmentNotices />
    </div>
  );
}
