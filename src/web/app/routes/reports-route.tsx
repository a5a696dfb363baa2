import { RequireUser } from '#web/components/require-user.tsx';
import { ReportsPage } from '#web/features/reports/reports-page.tsx';

/** /reports, for a signed-in user: the workspace's numbers (issue 42 §5). */
export function ReportsRoute() {
  return (
    <RequireUser>
      <ReportsPage />
    </RequireUser>
  );
}
