import { authClient } from './auth-client';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
}

export interface SessionState {
  /** The signed-in user, or null when signed out (or not known yet). */
  user: SessionUser | null;
  /** True until the first answer about the session. */
  isPending: boolean;
  /** Set when the session could not be read for another reason than being signed out. */
  error: Error | null;
  refetch: () => Promise<void>;
}

/** The current session, shared by every component (one request, refreshed on focus and across tabs). */
export function useSession(): SessionState {
  const { data, isPending, error, refetch } = authClient.useSession();
  const user = data?.user ? { id: data.user.id, email: data.user.email, name: data.user.name } : null;
  return {
    user,
    isPending,
    // A 401 only means "signed out".
    error: error && error.status !== 401 ? error : null,
    refetch: () => refetch(),
  };
}
