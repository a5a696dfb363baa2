import { RequireUser } from '#web/components/require-user.tsx';
import { BuyersPage } from '#web/features/buyers/buyers-page.tsx';

/** /buyers, for a signed-in user: the workspace's cash buyers and their buy boxes. */
export function BuyersRoute() {
  return (
    <RequireUser>
      <BuyersPage />
    </RequireUser>
  );
}
