import { NavLink } from 'react-router';
import { useSession } from '../../api/use-session';

/** The 'Leads' link of the main navigation, for signed-in users only (list item of the nav). */
export function LeadsNavLink() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <li>
      <NavLink to="/leads">Leads</NavLink>
    </li>
  );
}
