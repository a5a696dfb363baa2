import { createHmac, timingSafeEqual } from 'node:crypto';
import { isAPIError } from 'better-auth/api';
import { parseCookies } from 'better-auth/cookies';
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import { isWorkspaceRole, type WorkspaceMember } from '#domain/workspaces/roles.ts';
import type { Database } from '../db/database';
import { member, session, user } from '../db/schema';
import type { BetterAuth } from './create-auth';

/** A request's session, as the auth middlewares (require-user.ts) hand it to routes. */
export interface SignedInSession {
  user: { id: string; email: string; name: string };
  sessionId: string;
  /** The workspace the session chose; null: it never chose one. */
  activeWorkspaceId: string | null;
  /** The user's membership in the session's workspace; undefined when that workspace removed them. */
  membership: WorkspaceMember | undefined;
  /** The membership holds no seat: the workspace has fewer seats than members (workspaces/workspace-seats.ts). */
  seatSuspended: boolean;
}

export interface SessionRead {
  /** Null: nobody is signed in. */
  session: SignedInSession | null;
  /** Cookies Better Auth set on the way (a refreshed session, a cleared one), to pass on to the response. */
  setCookies: string[];
}

export type SessionReader = (headers: Headers) => Promise<SessionRead>;

/**
 * Reads a request's session. A signed cookie of a live session that needs no refresh (nearly every
 * request) is answered by one query: the session, its user and the session's membership. Every
 * other case goes to Better Auth's getSession, which verifies, refreshes, expires and cleans
 * cookies itself: no cookie, a forged or doubled one, an ended session, one due for its daily
 * refresh, and Better Auth's other session cookies (a cached session, "don't remember me").
 * The fast path answers only what getSession would answer too; session-reader.test.ts holds it to that.
 */
export function createSessionReader(betterAuth: BetterAuth, db: Database): SessionReader {
  const sessionWithMembership = prepareSessionQuery(db);
  const settings = betterAuth.$context.then((context) => ({
    tokenOf: verifiedTokens(context.secret),
    sessionCookie: context.authCookies.sessionToken.name,
    otherCookies: [context.authCookies.sessionData.name, context.authCookies.dontRememberToken.name],
    expiresInMs: context.sessionConfig.expiresIn * 1000,
    updateAgeMs: context.sessionConfig.updateAge * 1000,
  }));

  async function readWithBetterAuth(headers: Headers): Promise<SessionRead> {
    let result;
    try {
      result = await betterAuth.api.getSession({ headers, returnHeaders: true });
    } catch (error) {
      // A session that could not be extended (past its absolute lifetime: create-auth.ts) has ended.
      if (isAPIError(error) && error.statusCode === 401) return { session: null, setCookies: [] };
      throw error;
    }
    const setCookies = result.headers.getSetCookie();
    if (!result.response) return { session: null, setCookies };
    const { user: signedIn, session: current } = result.response;
    const activeWorkspaceId = current.activeOrganizationId ?? null;
    const row = await findMembershipRow(db, signedIn.id, activeWorkspaceId);
    return {
      session: {
        user: { id: signedIn.id, email: signedIn.email, name: signedIn.name },
        sessionId: current.id,
        activeWorkspaceId,
        membership: membershipOf(row),
        seatSuspended: row?.suspendedAt != null,
      },
      setCookies,
    };
  }

  return async (headers) => {
    const { tokenOf, sessionCookie, otherCookies, expiresInMs, updateAgeMs } = await settings;
    const header = headers.get('cookie') ?? '';
    // Only one session cookie: with two, which one counts is Better Auth's to decide.
    const once =
      header.indexOf(`${sessionCookie}=`) !== -1 &&
      header.indexOf(`${sessionCookie}=`) === header.lastIndexOf(`${sessionCookie}=`);
    const cookies = once ? parseCookies(header) : new Map<string, string>();
    const token = tokenOf(cookies.get(sessionCookie));
    if (!token || otherCookies.some((name) => cookies.has(name))) return readWithBetterAuth(headers);

    const [row] = await sessionWithMembership.execute({ token });
    const now = Date.now();
    const dueForRefresh = row && row.expiresAt.getTime() - expiresInMs + updateAgeMs <= now;
    if (!row || row.expiresAt.getTime() <= now || dueForRefresh) return readWithBetterAuth(headers);
    const { userId, email, name, sessionId, activeWorkspaceId, membership } = row;
    return {
      session: {
        user: { id: userId, email, name },
        sessionId,
        activeWorkspaceId,
        membership: membershipOf(membership),
        seatSuspended: membership?.suspendedAt != null,
      },
      setCookies: [],
    };
  };
}

/**
 * Cookie values whose signature was verified, and their tokens: a browser sends the same cookie
 * with every request, so the HMAC is computed once per value. Only verified values go in, so a
 * forged one is always checked; what a value's session is still comes from the database each time.
 */
function verifiedTokens(secret: string) {
  const verified = new Map<string, string>();
  return (value: string | undefined): string | null => {
    if (!value) return null;
    const known = verified.get(value);
    if (known !== undefined) return known;
    const token = verifiedToken(value, secret);
    if (token !== null) {
      if (verified.size >= VERIFIED_VALUES_KEPT) verified.clear();
      verified.set(value, token);
    }
    return token;
  };
}
const VERIFIED_VALUES_KEPT = 1_000;

/** The token of a cookie signed as Better Auth signs it (`token.base64(HMAC-SHA256(secret, token))`), or null. */
function verifiedToken(value: string, secret: string): string | null {
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(createHmac('sha256', secret).update(token).digest('base64'));
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? token : null;
}

const membershipColumns = {
  workspaceId: member.organizationId,
  userId: member.userId,
  role: member.role,
  seesAllLeads: member.seesAllLeads,
  mayBulkSendAndExport: member.mayBulkSendAndExport,
  suspendedAt: member.suspendedAt,
};

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
  return membershipOf(await findMembershipRow(db, userId, activeWorkspaceId));
}

async function findMembershipRow(db: Database, userId: string, activeWorkspaceId: string | null) {
  const [row] = activeWorkspaceId
    ? await db
        .select(membershipColumns)
        .from(member)
        .where(and(eq(member.userId, userId), eq(member.organizationId, activeWorkspaceId)))
    : await db
        .select(membershipColumns)
        .from(member)
        .where(eq(member.userId, userId))
        .orderBy(sql`${member.organizationId} = ${userId} desc`, asc(member.createdAt), asc(member.id))
        .limit(1);
  return row;
}

type MembershipRow = Omit<
  { [K in keyof typeof membershipColumns]: (typeof membershipColumns)[K]['_']['data'] },
  'suspendedAt'
> & { suspendedAt: Date | null };

function membershipOf(row: MembershipRow | null | undefined): WorkspaceMember | undefined {
  if (!row || !isWorkspaceRole(row.role)) return undefined;
  const { suspendedAt: _suspendedAt, ...membership } = row;
  return { ...membership, role: row.role };
}

/** Session, user and membership (findMembership's choice, as a lateral join) in one prepared query. */
function prepareSessionQuery(db: Database) {
  const membership = db
    .select(membershipColumns)
    .from(member)
    .where(
      and(
        eq(member.userId, session.userId),
        or(isNull(session.activeOrganizationId), eq(member.organizationId, session.activeOrganizationId)),
      ),
    )
    .orderBy(sql`${member.organizationId} = ${session.userId} desc`, asc(member.createdAt), asc(member.id))
    .limit(1)
    .as('membership');
  return db
    .select({
      sessionId: session.id,
      expiresAt: session.expiresAt,
      activeWorkspaceId: session.activeOrganizationId,
      userId: user.id,
      email: user.email,
      name: user.name,
      membership: {
        workspaceId: membership.workspaceId,
        userId: membership.userId,
        role: membership.role,
        seesAllLeads: membership.seesAllLeads,
        mayBulkSendAndExport: membership.mayBulkSendAndExport,
        suspendedAt: membership.suspendedAt,
      },
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .leftJoinLateral(membership, sql`true`)
    .where(eq(session.token, sql.placeholder('token')))
    .prepare('read_session');
}
