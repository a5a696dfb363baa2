import { RequireUser } from '../../components/require-user';
import { ProfilePage } from '../../features/profile/profile-page';

/** /profile, for a signed-in user: the wholesaler's profile and personal page. */
export function ProfileRoute() {
  return (
    <RequireUser>
      <ProfilePage />
    </RequireUser>
  );
}
