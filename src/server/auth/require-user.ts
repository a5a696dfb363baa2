import type { Context, MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { may, workspaceMessages, type WorkspaceAction, type WorkspaceMember } from '#domain/workspaces/roles.ts';
import type { AppContext } from '../app-context';
import type { RefusalCode } from '../http/refusal';
import { noteRequestActor } from '../observability/request-context';

export { findMembership } from './session-reader';

/** The signed-in user, as route handlers see it (`c.var.user`). */
export interface AuthUser {
  id: string;
  email: string;
  name: string;
}

/** Hono variables set by requireUser: `new Hono<{ Variables: AuthVariables }>()`. */
export interface AuthVariables {
  user: AuthUser;
  sessionId: string;
  /** The workspace the session works in, and the user's role and switches there. */
  member: WorkspaceMember;
}

/** Hono variables set by optionalUser: `c.var.user` is null when nobody is signed in. */
export interface OptionalAuthVariables {
  user: AuthUser | null;
  sessionId: string | null;
}

/** Reads the request's session (session-reader.ts); cookies Better Auth set on the way go to the response. */
async function readSession(auth: AppContext['auth'], c: Context) {
  const { session, setCookies } = await auth.readSession(c.req.raw.headers);
  for (const cookie of setCookies) c.header('Set-Cookie', cookie, { append: true });
  return session;
}

/**
 * Answers 401 {error: 'Please sign in'} without a valid session, 403 (code
 * 'workspace-access-ended') when the session's workspace removed the user, and 403 (code
 * 'seat-suspended') while their membership holds no seat; otherwise sets c.var.user and c.var.member.
 */
export function requireUser({ auth }: Pick<AppContext, 'auth'>): MiddlewareHandler<{ Variables: AuthVariables }> {
  return createMiddleware<{ Variables: AuthVariables }>(async (c, next) => {
    const found = await readSession(auth, c);
    if (!found) return c.json({ error: 'Please sign in' }, 401);
    const { membership } = found;
    noteRequestActor({ userId: found.user.id, workspaceId: membership?.workspaceId });
    if (!membership) {
      return c.json(
        { error: workspaceMessages.accessEnded, code: 'workspace-access-ended' satisfies RefusalCode },
        403,
      );
    }
    if (found.seatSuspended) {
      return c.json({ error: workspaceMessages.seatSuspended, code: 'seat-suspended' satisfies RefusalCode }, 403);
    }
    c.set('user', found.user);
    c.set('sessionId', found.sessionId);
    c.set('member', membership);
    await next();
  });
}

/** Hono variables set by requireSignedIn: the user, whatever workspace they work in. */
export interface SignedInVariables extends Omit<AuthVariables, 'member'> {
  /** The workspace the session chose; null: it never chose one (it works in the user's own). */
  activeWorkspaceId: string | null;
}

/**
 * Answers 401 {error: 'Please sign in'} without a valid session; otherwise sets c.var.user. For the
 * few routes that work whatever the session's workspace (switching it, accepting an invitation),
 * so a member whose workspace removed them can still leave for another.
 */
export function requireSignedIn({
  auth,
}: Pick<AppContext, 'auth'>): MiddlewareHandler<{ Variables: SignedInVariables }> {
  return createMiddleware<{ Variables: SignedInVariables }>(async (c, next) => {
    const found = await readSession(auth, c);
    if (!found) return c.json({ error: 'Please sign in' }, 401);
    noteRequestActor({ userId: found.user.id, workspaceId: found.activeWorkspaceId ?? undefined });
    c.set('user', found.user);
    c.set('sessionId', found.sessionId);
    c.set('activeWorkspaceId', found.activeWorkspaceId);
    await next();
  });
}

/** After requireUser: answers 403 (code 'not-allowed') unless the member's role allows `action` (domain/workspaces/roles.ts). */
export function requireRole(action: WorkspaceAction): MiddlewareHandler<{ Variables: AuthVariables }> {
  return createMiddleware<{ Variables: AuthVariables }>(async (c, next) => {
    if (!may(c.var.member, action)) {
      return c.json({ error: roleRefusal(action), code: 'not-allowed' satisfies RefusalCode }, 403);
    }
    await next();
  });
}

/** The words for a role's refusal of `action`. */
export function roleRefusal(action: WorkspaceAction): string {
  return action === 'billing' ? workspaceMessages.billingOwnerOnly : workspaceMessages.notAllowed;
}

/** Sets c.var.user to the signed-in user, or null, and always continues. */
export function optionalUser({
  auth,
}: Pick<AppContext, 'auth'>): MiddlewareHandler<{ Variables: OptionalAuthVariables }> {
  return createMiddleware<{ Variables: OptionalAuthVariables }>(async (c, next) => {
    const found = await readSession(auth, c);
    if (found) noteRequestActor({ userId: found.user.id });
    c.set('user', found?.user ?? null);
    c.set('sessionId', found?.sessionId ?? null);
    await next();
  });
}
