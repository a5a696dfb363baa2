import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../api/use-session';

/**
 * A route that needs a signed-in user: 'Loading...' while the session loads; signed out,
 * a redirect to /login that remembers where the user was going, so login returns there (§2).
 */
export function RequireUser({ children }: { children: ReactNode }) {
  const { user, isPending, error, refetch } = useSession();
  const location = useLocation();

  if (isPending) {
    return (
      <section className="page" aria-busy="true">
        <p className="loading" role="status">
          Loading...
        </p>
      </section>
    );
  }
  if (!user && error) {
    // Not "signed out": the session could not be read (offline, server down).
    return (
      <section className="page narrow" role="alert">
        <p>We could not check whether you are signed in. Please check your connection.</p>
        <button type="button" className="button button-primary" onClick={() => void refetch()}>
          Try again
        </button>
      </section>
    );
  }
  if (!user) {
    return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}${location.hash}` }} />;
  }
  return children;
}
