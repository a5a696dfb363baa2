import { RequireUser } from '../../components/require-user';
import { TeamPage } from '../../features/team/team-page';

/** /team, for a signed-in user: the workspace's members, invitations and lead assignment. */
export function TeamRoute() {
  return (
    <RequireUser>
      <TeamPage />
    </RequireUser>
  );
}
