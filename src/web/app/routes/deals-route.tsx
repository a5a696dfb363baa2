import { RequireUser } from '#web/components/require-user.tsx';
import { DealsPage } from '#web/features/reports/deals-page.tsx';

/** /deals, for a signed-in user: the deals sold and what they earned (issue 39 §7). */
export function DealsRoute() {
  return (
    <RequireUser>
      <DealsPage />
    </RequireUser>
  );
}
