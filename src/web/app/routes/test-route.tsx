import { RequireUser } from '#web/components/require-user.tsx';
import { TestPage } from '#web/features/integrations/test-page.tsx';

/** /test, for a signed-in user: the integrations' test page. */
export function TestRoute() {
  return (
    <RequireUser>
      <TestPage />
    </RequireUser>
  );
}
