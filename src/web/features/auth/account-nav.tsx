import { NavLink, useNavigate } from 'react-router';
import { notify } from '../../components/notify';
import { authClient } from '../../api/auth-client';
import { callAuth } from './auth-errors';
import { useSession } from '../../api/use-session';

/**
 * §2 layout navigation, the account part (list items of the main nav): signed in, the user's
 * e-mail, Saved Properties and Sign Out (back to /); signed out, Sign In.
 */
export function AccountNav() {
  const { user, isPending } = useSession();
  const navigate = useNavigate();

  // Nothing until the session is known, rather than a Sign In that flips to the e-mail.
  if (isPending && !user) return <li className="nav-account-pending" aria-hidden="true" />;

  if (!user) {
    return (
      <li>
        <NavLink to="/login" className="button button-small button-primary">
          Sign In
        </NavLink>
      </li>
    );
  }

  async function signOut() {
    const result = await callAuth(() => authClient.signOut());
    if (!result.ok) {
      notify.error(result.message);
      return;
    }
    void navigate('/');
  }

  return (
    <>
      <li>
        <NavLink to="/saved">Saved Properties</NavLink>
      </li>
      <li className="nav-user" title="Signed in as">
        {user.email}
      </li>
      <li>
        <button type="button" className="button button-small button-secondary" onClick={() => void signOut()}>
          Sign Out
        </button>
      </li>
    </>
  );
}
