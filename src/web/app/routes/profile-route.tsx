import { RequireUser } from '#web/components/require-user.tsx';
import { ProfilePage } from '#web/features/profile/profile-page.tsx';

/** /profile, for a signed-in user: the wholesaler's profile and personal page. */
export function ProfileRoute() {
  return (
    <RequireUser>
      <ProfilePage />
    </RequireUser>
  );
}
