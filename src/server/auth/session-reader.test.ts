import { createHmac, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it, vi } from 'vitest';
import { createTestContext } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { signUpUser, uniqueEmail, type SignedInUser } from '#tests/support/test-users.ts';
import { joinWorkspace } from '#tests/support/workspaces.ts';
import { createApp } from '../app';
import type { AppContext } from '../app-context';
import { member, session } from '../db/schema';
import { findMembership } from './session-reader';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What Better Auth's getSession and findMembership answer for these request headers: the reader must answer the same. */
async function betterAuthAnswer(context: AppContext, headers: Headers) {
  const answer = await context.auth.betterAuth.api.getSession({ headers });
  if (!answer) return null;
  const activeWorkspaceId = answer.session.activeOrganizationId ?? null;
  const membership = await findMembership(context.database.db, answer.user.id, activeWorkspaceId);
  const [seat] = membership
    ? await context.database.db
        .select({ suspendedAt: member.suspendedAt })
        .from(member)
        .where(and(eq(member.userId, membership.userId), eq(member.organizationId, membership.workspaceId)))
    : [];
  return {
    user: { id: answer.user.id, email: answer.user.email, name: answer.user.name },
    sessionId: answer.session.id,
    activeWorkspaceId,
    membership,
    seatSuspended: seat?.suspendedAt != null,
  };
}

const cookieHeader = (cookie: string) => new Headers({ cookie });

describeEachDatabase('reading the session in one query', (database) => {
  let context: AppContext;
  let app: ReturnType<typeof createApp>;
  let secret: string;
  let ann: SignedInUser;
  let cookieName: string;

  const tokenOf = (user: SignedInUser) => decodeURIComponent(user.cookie.split('=')[1]!).split('.')[0]!;
  const signed = (token: string, key = secret) =>
    `${cookieName}=${encodeURIComponent(`${token}.${createHmac('sha256', key).update(token).digest('base64')}`)}`;

  beforeAll(async () => {
    context = createTestContext(database());
    app = createApp(context);
    const authContext = await context.auth.betterAuth.$context;
    secret = authContext.secret;
    cookieName = authContext.authCookies.sessionToken.name;
    ann = await signUpUser(app, { email: uniqueEmail('ann') });
  });

  it("answers a live session with its user and the user's own workspace, as Better Auth does, setting no cookie", async () => {
    const getSession = vi.spyOn(context.auth.betterAuth.api, 'getSession');
    const read = await context.auth.readSession(cookieHeader(ann.cookie));
    // Read by its own query: Better Auth's getSession (two queries, and the membership a third) is not asked.
    expect(getSession).not.toHaveBeenCalled();
    getSession.mockRestore();
    expect(read.setCookies).toEqual([]);
    expect(read.session).toEqual(await betterAuthAnswer(context, cookieHeader(ann.cookie)));
    expect(read.session?.membership).toMatchObject({ workspaceId: ann.userId, userId: ann.userId, role: 'owner' });
  });

  it('answers the membership of the workspace the session chose, and none once that workspace removed the user', async () => {
    const owner = await signUpUser(app, { email: uniqueEmail('owner') });
    const rep = await signUpUser(app, { email: uniqueEmail('rep') });
    const { db } = database();
    await joinWorkspace(db, {
      workspaceId: owner.userId,
      userId: rep.userId,
      role: 'acquisitions',
      seesAllLeads: false,
    });

    const joined = await context.auth.readSession(cookieHeader(rep.cookie));
    expect(joined.session).toEqual(await betterAuthAnswer(context, cookieHeader(rep.cookie)));
    expect(joined.session?.membership).toEqual({
      workspaceId: owner.userId,
      userId: rep.userId,
      role: 'acquisitions',
      seesAllLeads: false,
      mayBulkSendAndExport: false,
    });
    expect(joined.session?.seatSuspended).toBe(false);

    // A membership without a seat (issue 37): still the membership, marked so requireUser refuses it.
    await db
      .update(member)
      .set({ suspendedAt: new Date() })
      .where(and(eq(member.organizationId, owner.userId), eq(member.userId, rep.userId)));
    const suspended = await context.auth.readSession(cookieHeader(rep.cookie));
    expect(suspended.session).toEqual(await betterAuthAnswer(context, cookieHeader(rep.cookie)));
    expect(suspended.session?.seatSuspended).toBe(true);

    await db.delete(member).where(eq(member.organizationId, owner.userId));
    const removed = await context.auth.readSession(cookieHeader(rep.cookie));
    expect(removed.session?.user.id).toBe(rep.userId);
    expect(removed.session?.membership).toBeUndefined();
  });

  it('refuses forged, re-signed, unsigned and unknown tokens as Better Auth does', async () => {
    const token = tokenOf(ann);
    // The real cookie's signature is verified once and remembered; a forgery of its token is not it.
    expect((await context.auth.readSession(cookieHeader(ann.cookie))).session).not.toBeNull();
    const forgeries = [
      signed(token, 'another secret'),
      `${cookieName}=${token}`,
      `${cookieName}=${token}.${'A'.repeat(43)}=`,
      signed(randomBytes(24).toString('base64url')), // correctly signed, but no such session
      signed(`${token}x`),
    ];
    for (const cookie of forgeries) {
      const read = await context.auth.readSession(cookieHeader(cookie));
      expect(read.session).toBeNull();
      expect(await betterAuthAnswer(context, cookieHeader(cookie))).toBeNull();
    }
  });

  it("with two session cookies, answers whichever Better Auth would (never the second's user on its own say)", async () => {
    const bob = await signUpUser(app, { email: uniqueEmail('bob') });
    for (const cookie of [`${ann.cookie}; ${bob.cookie}`, `${bob.cookie}; ${ann.cookie}`]) {
      const read = await context.auth.readSession(cookieHeader(cookie));
      expect(read.session).toEqual(await betterAuthAnswer(context, cookieHeader(cookie)));
    }
  });

  it('leaves an ended session to Better Auth: no session, and the cookie cleared', async () => {
    const dora = await signUpUser(app, { email: uniqueEmail('dora') });
    await database()
      .db.update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.userId, dora.userId));
    const read = await context.auth.readSession(cookieHeader(dora.cookie));
    expect(read.session).toBeNull();
    expect(read.setCookies.some((cookie) => cookie.startsWith(`${cookieName}=;`))).toBe(true);
  });

  it('leaves a session due for its daily refresh to Better Auth, which extends it and sends the cookie again', async () => {
    const eve = await signUpUser(app, { email: uniqueEmail('eve') });
    const { db } = database();
    const [before] = await db.select().from(session).where(eq(session.userId, eve.userId));
    const aged = new Date(before!.expiresAt.getTime() - 2 * DAY_MS);
    await db.update(session).set({ expiresAt: aged }).where(eq(session.userId, eve.userId));

    const read = await context.auth.readSession(cookieHeader(eve.cookie));
    expect(read.session?.user.id).toBe(eve.userId);
    expect(read.setCookies.some((cookie) => cookie.startsWith(`${cookieName}=`))).toBe(true);
    const [after] = await db.select().from(session).where(eq(session.userId, eve.userId));
    expect(after!.expiresAt.getTime()).toBeGreaterThan(aged.getTime());
  });
});
