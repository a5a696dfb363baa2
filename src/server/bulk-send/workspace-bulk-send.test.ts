import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { defaultTemplate } from '#domain/offer/built-in-templates.ts';
import { createTestApp, TEST_AUTH_SECRET } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { signUpTestUser } from '#tests/support/test-users.ts';
import { asBrowser, bodyAt, typedClient } from '#tests/support/typed-client.ts';
import { joinWorkspace, setWorkspacePlan } from '#tests/support/workspaces.ts';
import { bulkSendItems, emailOutbox, member, offerLinks, user, wholesalerProfiles } from '../db/schema';
import { queueDueBulkItems, stoppedItemReasons } from './queue-due-bulk-items';

const owner = (n: number) => ({
  firstName: `Owner${n}`,
  lastName: 'Lee',
  email: `ws-owner${n}@example.com`,
  address: `${n} Birch St, Austin, TX`,
  marketValue: 200000,
});

describeEachDatabase("a workspace's bulk sends (issue 26)", (database) => {
  let app: ReturnType<typeof createTestApp>;
  let api: ReturnType<typeof typedClient>;
  beforeAll(() => {
    app = createTestApp(database(), { TRUST_PROXY: '1' });
    api = typedClient(app);
  });

  /** A Manager sending for a Pro workspace, signed by their own profile there. */
  async function managerSending(count: number, first: number) {
    const workspaceOwner = await signUpTestUser(app);
    const manager = await signUpTestUser(app);
    const workspaceId = workspaceOwner.user.id;
    const { memberId } = await joinWorkspace(database().db, { workspaceId, userId: manager.user.id, role: 'manager' });
    await setWorkspacePlan(database().db, workspaceId, 'pro');
    await database().db.update(user).set({ emailVerified: true }).where(eq(user.id, manager.user.id));
    await database().db.insert(wholesalerProfiles).values({
      workspaceId,
      userId: manager.user.id,
      company: 'Team Homes',
      postalAddress: '3 Main St, Austin, TX 78701',
    });
    const started = await api['bulk-send'].$post(
      {
        json: {
          template: defaultTemplate,
          properties: Array.from({ length: count }, (_, n) => owner(first + n)),
        },
      },
      asBrowser(manager.headers),
    );
    const { jobId } = await bodyAt(started, 201);
    return { workspaceOwner, manager, workspaceId, memberId, jobId };
  }

  const takeBatch = () =>
    queueDueBulkItems({
      db: database().db,
      appUrl: 'https://offers.example',
      from: 'offers@example.com',
      serverSecret: TEST_AUTH_SECRET,
      intervalMs: 1,
      batchSize: 5,
    });

  it("sends the workspace's offers from the member: links of the workspace made by them, Reply-To theirs", async () => {
    const { workspaceOwner, manager, workspaceId, jobId } = await managerSending(2, 100);
    await takeBatch();
    const items = await database().db.select().from(bulkSendItems).where(eq(bulkSendItems.jobId, jobId));
    expect(items.map((item) => item.status)).toEqual(['queued', 'queued']);
    const links = await database()
      .db.select({ workspaceId: offerLinks.workspaceId, userId: offerLinks.userId })
      .from(offerLinks)
      .innerJoin(bulkSendItems, eq(bulkSendItems.id, offerLinks.bulkSendItemId))
      .where(eq(bulkSendItems.jobId, jobId));
    expect(links).toEqual([
      { workspaceId, userId: manager.user.id },
      { workspaceId, userId: manager.user.id },
    ]);
    const [mail] = await database()
      .db.select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, owner(100).email));
    expect(mail).toMatchObject({ senderUserId: manager.user.id, replyTo: manager.user.email });
    expect(mail?.text).toContain('3 Main St, Austin, TX 78701');
    // The Owner follows the workspace's send.
    const progress = await api['bulk-send'][':id'].$get({ param: { id: jobId } }, asBrowser(workspaceOwner.headers));
    expect(await progress.json()).toMatchObject({ total: 2 });
  });

  it("stops a removed member's pending items when they are picked", async () => {
    const { memberId, jobId } = await managerSending(7, 200);
    await takeBatch();
    await database().db.delete(member).where(eq(member.id, memberId));
    await takeBatch();
    const items = await database().db.select().from(bulkSendItems).where(eq(bulkSendItems.jobId, jobId));
    expect(items.filter((item) => item.status === 'queued')).toHaveLength(5);
    const stopped = items.filter((item) => item.status === 'skipped');
    expect(stopped.map((item) => item.error)).toEqual([stoppedItemReasons.notMember, stoppedItemReasons.notMember]);
  });
});
