import { NavLink } from 'react-router';
import { useSession } from '../../api/use-session';

/** The 'Saved Properties' link of the main navigation, for signed-in users only (list item of the nav); 'Saved' on a narrow screen. */
export function SavedNavLink() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <li>
      <NavLink to="/saved">
        <span className="nav-label-full">Saved Properties</span>
        <span className="nav-label-short" aria-hidden="true">
          Saved
        </span>
      </NavLink>
    </li>
  );
}
