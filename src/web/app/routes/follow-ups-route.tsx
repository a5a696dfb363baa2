import { RequireUser } from '#web/components/require-user.tsx';
import { FollowUpsPage } from '#web/features/follow-ups/follow-ups-page.tsx';

/** /follow-ups, for a signed-in user: today's tasks, the e-mails about to go out, and how each step does. */
export function FollowUpsRoute() {
  return (
    <RequireUser>
      <FollowUpsPage />
    </RequireUser>
  );
}
