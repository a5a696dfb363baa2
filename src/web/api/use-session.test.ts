// @vitest-environment happy-dom
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { announceSessionChange, followSessionAcrossTabs, sessionKey, sessionQuery } from './use-session';

const ann = { id: 'u1', email: 'ann@example.com', name: 'ann', emailVerified: true, image: null };

/** A fetch that answers get-session with `answers` in turn, and records what it was asked. */
function sessionServer(...answers: Response[]) {
  return vi.fn<typeof fetch>(async () => answers.shift() ?? Response.json(null));
}

const createQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

afterEach(() => localStorage.clear());

describe('sessionQuery', () => {
  it('reads the signed-in user from Better Auth’s answer, with cookies', async () => {
    const fetchSession = sessionServer(Response.json({ user: ann, session: { id: 's1', token: 'secret' } }));
    const user = await createQueryClient().fetchQuery(sessionQuery(fetchSession));
    expect(user).toEqual({ id: 'u1', email: 'ann@example.com', name: 'ann' });
    expect(fetchSession).toHaveBeenCalledWith('/api/auth/get-session', { credentials: 'include' });
  });

  it('is null when signed out, whether answered null or 401', async () => {
    expect(await createQueryClient().fetchQuery(sessionQuery(sessionServer(Response.json(null))))).toBeNull();
    const refused = sessionServer(Response.json({ message: 'Unauthorized' }, { status: 401 }));
    expect(await createQueryClient().fetchQuery(sessionQuery(refused))).toBeNull();
  });

  it('fails, rather than saying signed out, when the session cannot be read', async () => {
    const failing = sessionServer(Response.json({ message: 'Database unavailable' }, { status: 503 }));
    const read = createQueryClient().fetchQuery(sessionQuery(failing));
    await expect(read).rejects.toBeInstanceOf(ApiError);
    await expect(read).rejects.toMatchObject({ status: 503 });
  });
});

describe('the session across tabs', () => {
  it('a change announced in another tab makes this one read the session again', async () => {
    const queryClient = createQueryClient();
    const fetchSession = sessionServer(Response.json({ user: ann, session: {} }), Response.json(null));
    // A component showing the session (useSession) observes the query.
    const unobserve = new QueryObserver(queryClient, sessionQuery(fetchSession)).subscribe(() => {});
    await vi.waitFor(() => expect(queryClient.getQueryData(sessionKey)).toMatchObject({ id: 'u1' }));
    const stop = followSessionAcrossTabs(queryClient);

    window.dispatchEvent(new StorageEvent('storage', { key: 'unrelated', newValue: '1' }));
    expect(fetchSession).toHaveBeenCalledTimes(1);
    // Another tab signed out: it wrote the key, and this tab's storage event fires.
    window.dispatchEvent(new StorageEvent('storage', { key: 'session-changed', newValue: String(Date.now()) }));
    await vi.waitFor(() => expect(queryClient.getQueryData(sessionKey)).toBeNull());
    stop();
    unobserve();
  });

  it('announcing a change here tells the other tabs and reads the session again', async () => {
    const queryClient = createQueryClient();
    const fetchSession = sessionServer(Response.json(null), Response.json({ user: ann, session: {} }));
    expect(await queryClient.fetchQuery(sessionQuery(fetchSession))).toBeNull();

    await announceSessionChange(queryClient);
    expect(localStorage.getItem('session-changed')).not.toBeNull();
    expect(queryClient.getQueryData(sessionKey)).toEqual({ id: 'u1', email: 'ann@example.com', name: 'ann' });
  });
});
