import { RequireUser } from '#web/components/require-user.tsx';
import { TeamPage } from '#web/features/team/team-page.tsx';

/** /team, for a signed-in user: the workspace's members, invitations and lead assignment. */
export function TeamRoute() {
  return (
    <RequireUser>
      <TeamPage />
    </RequireUser>
  );
}
