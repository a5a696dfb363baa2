import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiErrorFrom, PAGE_DATA_STALE_TIME_MS } from './api-client';

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

export const sessionKey = ['session'] as const;

/**
 * The session as Better Auth's GET /api/auth/get-session answers it (null when signed out).
 * `fetchSession` is the browser's fetch, or on the server one that answers in-process with the
 * page request's cookie (src/web/render-page.tsx), so a signed-in page is drawn with its user.
 */
export function sessionQuery(fetchSession: typeof fetch = fetch) {
  return queryOptions({
    queryKey: sessionKey,
    queryFn: async (): Promise<SessionUser | null> => {
      const response = await fetchSession('/api/auth/get-session', { credentials: 'include' });
      // A 401 only means "signed out".
      if (response.status === 401) return null;
      if (!response.ok) throw await apiErrorFrom(response);
      const session = (await response.json()) as { user?: SessionUser } | null;
      return session?.user ? { id: session.user.id, email: session.user.email, name: session.user.name } : null;
    },
    staleTime: PAGE_DATA_STALE_TIME_MS,
    // Asked again when the tab comes back into view: a sign-out elsewhere (another device) shows.
    refetchOnWindowFocus: true,
  });
}

/** The current session, shared by every component (one request, refreshed on focus and across tabs). */
export function useSession(): SessionState {
  const { data, isPending, error, refetch } = useQuery(sessionQuery());
  return {
    user: data ?? null,
    isPending,
    error,
    refetch: async () => {
      await refetch();
    },
  };
}

// A sign-in or sign-out in one tab tells this browser's other tabs through localStorage's storage event.
const SESSION_CHANGED_KEY = 'session-changed';

/**
 * After this tab signed in, signed up or signed out: the session is read again here, and every
 * other tab of this browser reads it again too (signing out in one tab signs out all of them).
 */
export async function announceSessionChange(queryClient: QueryClient) {
  try {
    localStorage.setItem(SESSION_CHANGED_KEY, String(Date.now()));
  } catch {
    // Storage refused (a private window's quota): the other tabs catch up when they regain focus.
  }
  await queryClient.refetchQueries({ queryKey: sessionKey });
}

/** announceSessionChange for a component. */
export function useAnnounceSessionChange(): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => announceSessionChange(queryClient);
}

/** Reads the session again whenever another tab announces a change; returns the unsubscribe. */
export function followSessionAcrossTabs(queryClient: QueryClient): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === SESSION_CHANGED_KEY) void queryClient.invalidateQueries({ queryKey: sessionKey });
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
