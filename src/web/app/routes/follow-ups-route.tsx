import { RequireUser } from '../../components/require-user';
import { FollowUpsPage } from '../../features/follow-ups/follow-ups-page';

/** /follow-ups, for a signed-in user: today's tasks, the e-mails about to go out, and how each step does. */
export function FollowUpsRoute() {
  return (
    <RequireUser>
      <FollowUpsPage />
    </RequireUser>
  );
}
