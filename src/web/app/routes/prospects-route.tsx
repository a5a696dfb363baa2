import { RequireUser } from '#web/components/require-user.tsx';
import { ProspectsPage } from '#web/features/prospects/prospects-page.tsx';

/** /prospects, for a signed-in user: the owners the workspace's sends reached (Pro). */
export function ProspectsRoute() {
  return (
    <RequireUser>
      <ProspectsPage />
    </RequireUser>
  );
}
