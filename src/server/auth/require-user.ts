import { isAPIError } from 'better-auth/api';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import {
  isWorkspaceRole,
  may,
  workspaceMessages,
  type WorkspaceAction,
  type WorkspaceMember,
} from '../../domain/workspaces/roles';
import type { AppContext } from '../app-context';
import type { Database } from '../db/database';
import { member } from '../db/schema';
import type { BetterAuth } from './create-auth';

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

/**
 * Reads the session from the request's cookie. When Better Auth extends the session (it does
 * so once a day while the user is active), its refreshed cookie is passed on to the response.
 */
async function readSession(betterAuth: BetterAuth, c: Parameters<MiddlewareHandler>[0]) {
  let result;
  try {
    result = await betterAuth.api.getSession({ headers: c.req.raw.headers, returnHeaders: true });
  } catch (error) {
    // A session that could not be extended (past its absolute lifetime: create-auth.ts) has ended.
    if (isAPIError(error) && error.statusCode === 401) return null;
    throw error;
  }
  const { headers, response } = result;
  for (const cookie of headers.getSetCookie()) c.header('Set-Cookie', cookie, { append: true });
  if (!response) return null;
  const { user, session } = response;
  return {
    user: { id: user.id, email: user.email, name: user.name },
    sessionId: session.id,
    activeWorkspaceId: session.activeOrganizationId ?? null,
  };
}

/**
 * The user's membership in the session's workspace. A session that never chose one works in the
 * user's own workspace (its id is the user's), else in the one they joined first. Undefined when
 * the chosen workspace removed them: their access ends with the membership.
 */
export async function findMembership(
  db: Database,
  userId: string,
  activeWorkspaceId: string | null,
): Promise<WorkspaceMember | undefined> {
  const columns = {
    workspaceId: member.organizationId,
    userId: member.userId,
    role: member.role,
    seesAllLeads: member.seesAllLeads,
    mayBulkSendAndExport: member.mayBulkSendAndExport,
  };
  const [row] = activeWorkspaceId
    ? await db
        .select(columns)
        .from(member)
        .where(and(eq(member.userId, userId), eq(member.organizationId, activeWorkspaceId)))
    : await db
        .select(columns)
        .from(member)
        .where(eq(member.userId, userId))
        .orderBy(sql`${member.organizationId} = ${userId} desc`, asc(member.createdAt))
        .limit(1);
  if (!row || !isWorkspaceRole(row.role)) return undefined;
  return { ...row, role: row.role };
}

/**
 * Answers 401 {error: 'Please sign in'} without a valid session, and 403 (code
 * 'workspace-access-ended') when the session's workspace removed the user; otherwise sets
 * c.var.user and c.var.member.
 */
export function requireUser({
  auth,
  database,
}: Pick<AppContext, 'auth' | 'database'>): MiddlewareHandler<{ Variables: AuthVariables }> {
  return createMiddleware<{ Variables: AuthVariables }>(async (c, next) => {
    const found = await readSession(auth.betterAuth, c);
    if (!found) return c.json({ error: 'Please sign in' }, 401);
    const membership = await findMembership(database.db, found.user.id, found.activeWorkspaceId);
    if (!membership) return c.json({ error: workspaceMessages.accessEnded, code: 'workspace-access-ended' }, 403);
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
    const found = await readSession(auth.betterAuth, c);
    if (!found) return c.json({ error: 'Please sign in' }, 401);
    c.set('user', found.user);
    c.set('sessionId', found.sessionId);
    c.set('activeWorkspaceId', found.activeWorkspaceId);
    await next();
  });
}

/** After requireUser: answers 403 (code 'not-allowed') unless the member's role allows `action` (domain/workspaces/roles.ts). */
export function requireRole(action: WorkspaceAction): MiddlewareHandler<{ Variables: AuthVariables }> {
  return createMiddleware<{ Variables: AuthVariables }>(async (c, next) => {
    if (!may(c.var.member, action)) return c.json({ error: roleRefusal(action), code: 'not-allowed' }, 403);
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
    const found = await readSession(auth.betterAuth, c);
    c.set('user', found?.user ?? null);
    c.set('sessionId', found?.sessionId ?? null);
    await next();
  });
}
