import { RequireUser } from '../../components/require-user';
import { TestPage } from '../../features/integrations/test-page';

/** /test, for a signed-in user: the integrations' test page. */
export function TestRoute() {
  return (
    <RequireUser>
      <TestPage />
    </RequireUser>
  );
}
