// Issue 25, finding 4: a handle given up by renaming stays with its former owner, so an old link
// or embed never sends a homeowner's details to whoever would claim the name next.
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { profileMessages } from '#domain/profile/wholesaler-profile-schema.ts';
import { sendJson as send } from '#tests/support/send-json.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { signUpTestUser } from '#tests/support/test-users.ts';
import { leads, offerLinks, releasedHandles, wholesalerProfiles } from '../db/schema';

type TestApp = ReturnType<typeof createTestApp>;

const profile = (handle: string | null, displayName: string) => ({
  handle,
  displayName,
  company: '',
  phone: '',
  replyToEmail: '',
  postalAddress: '',
  notifyOnLeads: false,
});
const calculation = { address: '9 Elm St, Austin, TX', marketValue: 200000, repairs: [] };
const contact = { name: 'Ann Lee', email: 'ann@example.com', phone: '512-555-0100' };
const uniqueHandle = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;

describeEachDatabase('released handles', (database) => {
  let app: TestApp;
  beforeAll(() => {
    app = createTestApp(database(), { TRUST_PROXY: '1' });
  });

  const saveHandle = (user: { headers: Record<string, string> }, handle: string | null, name = 'Someone') =>
    send(app, 'PUT', '/api/profile', user.headers, profile(handle, name));
  const profileOf = async (userId: string) =>
    (await database().db.select().from(wholesalerProfiles).where(eq(wholesalerProfiles.userId, userId)))[0];
  const releasedOf = async (userId: string) =>
    (await database().db.select().from(releasedHandles).where(eq(releasedHandles.userId, userId))).map(
      (row) => row.handle,
    );

  it('keeps a renamed handle for its former owner: the next claimant is refused and answers still reach them', async () => {
    const alice = await signUpTestUser(app);
    const mallory = await signUpTestUser(app);
    const old = uniqueHandle('alice-homes');
    const renamed = uniqueHandle('alice-buys');
    const mallorys = uniqueHandle('mallory');
    expect((await saveHandle(alice, old, 'Alice Homes')).status).toBe(200);
    expect((await saveHandle(mallory, mallorys, 'Mallory')).status).toBe(200);
    expect((await saveHandle(alice, renamed, 'Alice Homes')).status).toBe(200);
    expect(await releasedOf(alice.user.id)).toEqual([old]);

    const malloryBefore = await profileOf(mallory.user.id);
    for (const attempt of [old, old.toUpperCase(), `  ${old}  `]) {
      const claimed = await saveHandle(mallory, attempt, 'Alice Homes');
      expect(claimed.status).toBe(409);
      expect(await claimed.json()).toEqual({
        error: profileMessages.handleTaken,
        code: 'handle-taken',
        field: 'handle',
      });
    }
    expect(await profileOf(mallory.user.id)).toEqual(malloryBefore);
    expect(await releasedOf(alice.user.id)).toEqual([old]);

    // Alice's old page and embed: her branding under her current handle, and her offers.
    const page = await send(app, 'GET', `/api/public/wholesalers/${old}`, {});
    expect(page.status).toBe(200);
    expect(await page.json()).toMatchObject({ handle: renamed, displayName: 'Alice Homes' });
    const offered = await send(app, 'POST', `/api/public/wholesalers/${old}/offers`, {}, calculation);
    expect(offered.status).toBe(201);
    const { token } = (await offered.json()) as { token: string };
    const answered = await send(app, 'POST', `/api/public/offers/${token}/responses`, {}, { kind: 'accept', contact });
    expect(answered.status).toBe(201);
    expect(await answered.json()).toMatchObject({ title: expect.stringContaining('Alice Homes') as unknown });

    const owners = await database()
      .db.select({ owner: leads.workspaceId, email: leads.email })
      .from(leads)
      .where(inArray(leads.workspaceId, [alice.user.id, mallory.user.id]));
    expect(owners).toEqual([{ owner: alice.user.id, email: contact.email }]);
    expect(await database().db.select().from(offerLinks).where(eq(offerLinks.userId, mallory.user.id))).toEqual([]);
  });

  it('lets the former owner take their old handle back, which then leaves the released list', async () => {
    const alice = await signUpTestUser(app);
    const first = uniqueHandle('first');
    const second = uniqueHandle('second');
    await saveHandle(alice, first);
    await saveHandle(alice, second);
    expect(await releasedOf(alice.user.id)).toEqual([first]);
    expect((await saveHandle(alice, first.toUpperCase())).status).toBe(200);
    expect((await profileOf(alice.user.id))?.handle).toBe(first);
    expect(await releasedOf(alice.user.id)).toEqual([second]);
    // Saving again without a rename changes nothing in the list.
    expect((await saveHandle(alice, first, 'New name')).status).toBe(200);
    expect(await releasedOf(alice.user.id)).toEqual([second]);
    // Giving the handle up altogether keeps it too.
    expect((await saveHandle(alice, null)).status).toBe(200);
    expect((await releasedOf(alice.user.id)).sort()).toEqual([first, second].sort());
    const mallory = await signUpTestUser(app);
    expect((await saveHandle(mallory, first)).status).toBe(409);
  });

  it('never gives a handle being released to someone else, however the rename and the claim interleave', async () => {
    for (let round = 0; round < 5; round += 1) {
      const alice = await signUpTestUser(app);
      const mallory = await signUpTestUser(app);
      const old = uniqueHandle('race');
      await saveHandle(alice, old);
      const [renamed, claimed] = await Promise.all([
        saveHandle(alice, uniqueHandle('moved')),
        saveHandle(mallory, old),
      ]);
      expect(renamed.status).toBe(200);
      expect(claimed.status).toBe(409);
      expect(await profileOf(mallory.user.id)).toBeUndefined();
      expect(await releasedOf(alice.user.id)).toEqual([old]);
    }
  });

  it('refuses two users swapping handles at once cleanly (no deadlock, no lost handle)', async () => {
    const alice = await signUpTestUser(app);
    const bob = await signUpTestUser(app);
    const a = uniqueHandle('swap-a');
    const b = uniqueHandle('swap-b');
    await saveHandle(alice, a);
    await saveHandle(bob, b);
    const answers = await Promise.all([saveHandle(alice, b), saveHandle(bob, a)]);
    expect(answers.map((answer) => answer.status)).toEqual([409, 409]);
    expect((await profileOf(alice.user.id))?.handle).toBe(a);
    expect((await profileOf(bob.user.id))?.handle).toBe(b);
    expect(await releasedOf(alice.user.id)).toEqual([]);
    expect(await releasedOf(bob.user.id)).toEqual([]);
  });
});
