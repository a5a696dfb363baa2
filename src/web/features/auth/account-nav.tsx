import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { useAnnounceSessionChange, useSession } from '#web/api/use-session.ts';
import { notify } from '#web/components/notify.ts';
import { callAuth } from './auth-errors';

/**
 * §2 layout navigation, the account part (beside the main links): signed in, the user's e-mail
 * opening a menu with Profile, Follow-ups, Team, their workspaces and Sign Out (back to /); signed out, Sign In. It has a place of its
 * own so that on a narrow screen it sits beside the brand and the links stay on one line.
 */
export function AccountNav({ workspaceSwitcher }: { workspaceSwitcher?: (menuOpen: boolean) => ReactNode }) {
  const { user, isPending } = useSession();
  // Nothing until the session is known, rather than a Sign In that flips to the e-mail.
  const known = user !== null || !isPending;
  return (
    <div className="nav-account">
      {known &&
        (user ? (
          <AccountMenu email={user.email} workspaceSwitcher={workspaceSwitcher} />
        ) : (
          <NavLink to="/login" className="button button-small button-primary">
            Sign In
          </NavLink>
        ))}
    </div>
  );
}

/**
 * The e-mail as a button and its menu: a popover, so the browser closes it on Escape or a click
 * elsewhere. `workspaceSwitcher` (app/) lists the user's workspaces when they belong to several;
 * it is told whether the menu is open, so it asks for them only when needed.
 */
function AccountMenu({
  email,
  workspaceSwitcher,
}: {
  email: string;
  workspaceSwitcher?: (menuOpen: boolean) => ReactNode;
}) {
  const menuId = useId();
  const [open, setOpen] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const announceSessionChange = useAnnounceSessionChange();
  // On a page the server drew, the menu (a native popover) opens before the page's code has run,
  // and that toggle is not seen: the menu is read as it is once the code runs.
  useEffect(() => {
    if (menuRef.current?.matches(':popover-open')) setOpen(true);
  }, []);

  async function signOut() {
    // Better Auth's client is loaded when needed: the pages everyone lands on do without it.
    const { authClient } = await import('#web/api/auth-client.ts');
    const result = await callAuth(() => authClient.signOut());
    if (!result.ok) {
      notify.error(result.message);
      return;
    }
    await announceSessionChange();
    void navigate('/');
  }

  return (
    <>
      <button
        type="button"
        className="button button-small button-secondary nav-account-button"
        popoverTarget={menuId}
        aria-expanded={open}
        title={`Signed in as ${email}`}
      >
        <span className="nav-account-email">{email}</span>
        <span aria-hidden="true">▾</span>
      </button>
      <div
        ref={menuRef}
        id={menuId}
        popover="auto"
        className="nav-account-menu"
        onToggle={(event) => setOpen(event.newState === 'open')}
      >
        <p className="nav-account-signed-in">
          Signed in as <strong>{email}</strong>
        </p>
        <Link to="/profile" onClick={() => menuRef.current?.hidePopover()}>
          Profile
        </Link>
        <Link to="/follow-ups" onClick={() => menuRef.current?.hidePopover()}>
          Follow-ups
        </Link>
        <Link to="/team" onClick={() => menuRef.current?.hidePopover()}>
          Team
        </Link>
        {workspaceSwitcher?.(open)}
        <button type="button" className="button button-small button-secondary" onClick={() => void signOut()}>
          Sign Out
        </button>
      </div>
    </>
  );
}
