// Issue 37, findings 4 and 10: a removed member's handle stays hers, and nobody is removed from
// (or demoted in) her own workspace, so an account always keeps one.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { profileMessages } from '#domain/profile/wholesaler-profile-schema.ts';
import { sendJson as send } from '#tests/support/send-json.ts';
import { suiteApp } from '#tests/support/suite-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { leeHomesProfile, markEmailVerified, signUpTestUser } from '#tests/support/test-users.ts';
import { joinWorkspace, verifiedProOwner } from '#tests/support/workspaces.ts';
import { member, offerLinks, releasedHandles, wholesalerProfiles } from '../db/schema';
import { memberMessages } from './members';

type Headers = Record<string, string>;

const uniqueHandle = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;
const calculation = { address: '9 Elm St, Austin, TX', marketValue: 200000, repairs: [] };

describeEachDatabase('removing members: handles and own workspaces (issue 37)', (database) => {
  const { app } = suiteApp(database);

  const db = () => database().db;

  const saveHandle = (headers: Headers, handle: string | null) =>
    send(app(), 'PUT', '/api/profile', headers, leeHomesProfile(handle));
  const profilesOf = (userId: string) =>
    db()
      .select({ workspaceId: wholesalerProfiles.workspaceId, handle: wholesalerProfiles.handle })
      .from(wholesalerProfiles)
      .where(eq(wholesalerProfiles.userId, userId));
  const membersOf = (workspaceId: string) =>
    db()
      .select({ id: member.id, userId: member.userId, role: member.role })
      .from(member)
      .where(eq(member.organizationId, workspaceId));
  const remove = (headers: Headers, memberId: string, leadsTo: string) =>
    send(app(), 'DELETE', `/api/workspace/members/${memberId}`, headers, { leadsTo });

  it("keeps a removed member's handle for her: nobody else claims it, her page closes, and she takes it back in a workspace of hers", async () => {
    const owner = await verifiedProOwner(app(), db());
    const rep = await signUpTestUser(app());
    const { memberId } = await joinWorkspace(db(), {
      workspaceId: owner.user.id,
      userId: rep.user.id,
      role: 'acquisitions',
    });
    const first = uniqueHandle('rep-first');
    const handle = uniqueHandle('rep-homes');
    expect((await saveHandle(rep.headers, first)).status).toBe(200);
    expect((await saveHandle(rep.headers, handle)).status).toBe(200);
    expect((await send(app(), 'GET', `/api/public/wholesalers/${handle}`, {})).status).toBe(200);

    // While she is still a member, the handle she renamed away stays with that workspace.
    expect((await send(app(), 'PUT', '/api/workspace/active', rep.headers, { workspaceId: rep.user.id })).status).toBe(
      200,
    );
    expect((await saveHandle(rep.headers, first)).status).toBe(409);
    expect(await profilesOf(rep.user.id)).toEqual([{ workspaceId: owner.user.id, handle }]);

    expect((await remove(owner.headers, memberId, owner.user.id)).status).toBe(200);
    expect(
      await db()
        .select({ handle: releasedHandles.handle, workspaceId: releasedHandles.workspaceId })
        .from(releasedHandles)
        .where(eq(releasedHandles.userId, rep.user.id)),
    ).toEqual(
      expect.arrayContaining([
        { handle, workspaceId: owner.user.id },
        { handle: first, workspaceId: owner.user.id },
      ]),
    );

    // The stranger's claim, in any letter case, and the workspace's own Owner's: refused, nothing kept.
    const stranger = await signUpTestUser(app());
    for (const [who, attempt] of [
      [stranger, handle],
      [stranger, handle.toUpperCase()],
      [owner, handle],
    ] as const) {
      const claimed = await saveHandle(who.headers, attempt);
      expect(claimed.status).toBe(409);
      expect(await claimed.json()).toEqual({
        error: profileMessages.handleTaken,
        code: 'handle-taken',
        field: 'handle',
      });
    }
    expect(await profilesOf(stranger.user.id)).toEqual([]);
    expect(await profilesOf(owner.user.id)).toEqual([]);

    // Her page and embed answer 404; no offer is made under her name for anyone.
    expect((await send(app(), 'GET', `/api/public/wholesalers/${handle}`, {})).status).toBe(404);
    expect((await send(app(), 'POST', `/api/public/wholesalers/${handle}/offers`, {}, calculation)).status).toBe(404);
    expect(await db().select().from(offerLinks).where(eq(offerLinks.userId, rep.user.id))).toEqual([]);

    // She takes both back, in her own workspace (her session's, since she was removed).
    expect((await saveHandle(rep.headers, handle.toUpperCase())).status).toBe(200);
    expect(await profilesOf(rep.user.id)).toEqual([{ workspaceId: rep.user.id, handle }]);
    const page = await send(app(), 'GET', `/api/public/wholesalers/${handle}`, {});
    expect(page.status).toBe(200);
    expect(await page.json()).toMatchObject({ handle, displayName: 'Lee Homes Buyer' });
    const offered = await send(app(), 'POST', `/api/public/wholesalers/${handle}/offers`, {}, calculation);
    expect(offered.status).toBe(201);
    expect(
      await db()
        .select({ workspaceId: offerLinks.workspaceId })
        .from(offerLinks)
        .where(eq(offerLinks.userId, rep.user.id)),
    ).toEqual([{ workspaceId: rep.user.id }]);
    expect((await saveHandle(rep.headers, first)).status).toBe(200);
    expect(
      await db()
        .select({ handle: releasedHandles.handle, workspaceId: releasedHandles.workspaceId })
        .from(releasedHandles)
        .where(eq(releasedHandles.userId, rep.user.id)),
    ).toEqual([{ handle, workspaceId: rep.user.id }]);
    expect((await saveHandle(stranger.headers, handle)).status).toBe(409);
  });

  it("refuses a co-Owner removing or demoting a workspace's maker in her own workspace; the maker's account keeps working", async () => {
    const maker = await verifiedProOwner(app(), db());
    const coOwner = await signUpTestUser(app());
    await markEmailVerified(db(), coOwner.user.id);
    const { memberId: coOwnerMemberId } = await joinWorkspace(db(), {
      workspaceId: maker.user.id,
      userId: coOwner.user.id,
      role: 'owner',
    });
    const before = await membersOf(maker.user.id);
    const makerMember = before.find((row) => row.userId === maker.user.id)!;

    const removal = await remove(coOwner.headers, makerMember.id, coOwner.user.id);
    expect(removal.status).toBe(409);
    expect(await removal.json()).toMatchObject({
      error: memberMessages.ownWorkspace(maker.user.email.split('@')[0]!),
      code: 'own-workspace',
    });
    for (const role of ['viewer', 'manager'] as const) {
      const demotion = await send(app(), 'PATCH', `/api/workspace/members/${makerMember.id}`, coOwner.headers, {
        role,
      });
      expect(demotion.status).toBe(409);
      expect(await demotion.json()).toMatchObject({ code: 'own-workspace' });
    }
    // Nor does she give her own workspace away by demoting herself.
    const selfDemotion = await send(app(), 'PATCH', `/api/workspace/members/${makerMember.id}`, maker.headers, {
      role: 'viewer',
    });
    expect(selfDemotion.status).toBe(409);
    expect(await membersOf(maker.user.id)).toEqual(before);

    // Her account still works, in her own workspace, as its Owner.
    const view = await send(app(), 'GET', '/api/workspace', maker.headers);
    expect(view.status).toBe(200);
    expect(await view.json()).toMatchObject({ workspace: { id: maker.user.id }, me: { role: 'owner' } });
    expect((await saveHandle(maker.headers, uniqueHandle('maker'))).status).toBe(200);

    // The maker may still remove the co-Owner from it (it is not the co-Owner's own).
    expect((await remove(maker.headers, coOwnerMemberId, maker.user.id)).status).toBe(200);
    expect(
      await db()
        .select()
        .from(member)
        .where(and(eq(member.organizationId, maker.user.id), eq(member.userId, coOwner.user.id))),
    ).toEqual([]);
  });
});
