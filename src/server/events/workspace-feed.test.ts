import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { workspaceMessages } from '#domain/workspaces/roles.ts';
import { sendJson as send } from '#tests/support/send-json.ts';
import { createTestContext } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { signUpTestUser } from '#tests/support/test-users.ts';
import { joinWorkspace } from '#tests/support/workspaces.ts';
import { createApp } from '../app';
import { leads, member } from '../db/schema';

/** Reads server-sent events until one named `event` arrives (10 s only end a wait for one that never comes). */
async function readUntil(reader: ReadableStreamDefaultReader<Uint8Array>, event: string) {
  const decoder = new TextDecoder();
  let text = '';
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    const match = text.split('\n\n').find((block) => block.includes(`event: ${event}`));
    if (match) return match;
  }
  throw new Error(`no '${event}' event; received:\n${text}`);
}

describeEachDatabase('the live feed per workspace (issue 26)', (database) => {
  it("brings one member's change to another member's open stream, and not to another workspace's", async () => {
    const context = createTestContext(database(), { TRUST_PROXY: '1' });
    const app = createApp(context);
    const owner = await signUpTestUser(app);
    const rep = await signUpTestUser(app);
    const outsider = await signUpTestUser(app);
    await joinWorkspace(database().db, { workspaceId: owner.user.id, userId: rep.user.id, role: 'acquisitions' });
    const [lead] = await database()
      .db.insert(leads)
      .values({
        workspaceId: owner.user.id,
        assigneeUserId: rep.user.id,
        source: 'shared-link',
        address: '1 Oak St, Austin, TX',
        responseKind: 'accepted',
      })
      .returning();

    const abort = new AbortController();
    const ownerStream = (
      await app.request('/api/events', { headers: owner.headers, signal: abort.signal })
    ).body!.getReader();
    const outsiderStream = (
      await app.request('/api/events', { headers: outsider.headers, signal: abort.signal })
    ).body!.getReader();
    await readUntil(ownerStream, 'ready');
    await readUntil(outsiderStream, 'ready');

    const noted = await send(app, 'POST', `/api/leads-inbox/${lead!.id}/notes`, rep.headers, { text: 'called' });
    expect(noted.status).toBe(201);
    expect(await readUntil(ownerStream, 'change')).toContain('"table":"leads"');
    // The outsider's stream only beats.
    const outsiderText = await Promise.race([
      readUntil(outsiderStream, 'change').catch(() => 'none'),
      new Promise<string>((resolve) => setTimeout(() => resolve('none'), 500)),
    ]);
    expect(outsiderText).toBe('none');

    abort.abort();
    await ownerStream.cancel().catch(() => {});
    await outsiderStream.cancel().catch(() => {});
    await context.changeFeed.close();
  });

  it("ends a removed member's open stream at once, and refuses their next request", async () => {
    const context = createTestContext(database(), { TRUST_PROXY: '1' });
    const app = createApp(context);
    const owner = await signUpTestUser(app);
    const rep = await signUpTestUser(app);
    const { memberId } = await joinWorkspace(database().db, {
      workspaceId: owner.user.id,
      userId: rep.user.id,
      role: 'acquisitions',
    });
    const repStream = (await app.request('/api/events', { headers: rep.headers })).body!.getReader();
    await readUntil(repStream, 'ready');
    // A change of the member's switches does not end it: the next change still arrives.
    await database().db.update(member).set({ seesAllLeads: false }).where(eq(member.id, memberId));
    const ownerStream = (await app.request('/api/events', { headers: owner.headers })).body!.getReader();
    await readUntil(ownerStream, 'ready');
    await database().db.insert(leads).values({
      workspaceId: owner.user.id,
      source: 'shared-link',
      address: '1 Oak St, Austin, TX',
      responseKind: 'accepted',
    });
    expect(await readUntil(repStream, 'change')).toContain('"table":"leads"');
    await readUntil(ownerStream, 'change');

    // Removed, as the Owner's "remove member" does.
    await database().db.delete(member).where(eq(member.id, memberId));
    await readUntil(repStream, 'access-ended');
    const decoder = new TextDecoder();
    for (;;) {
      const { done, value } = await repStream.read();
      if (done) break;
      expect(decoder.decode(value)).not.toContain('event: change');
    }
    const refused = await send(app, 'GET', '/api/leads-inbox', rep.headers);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: workspaceMessages.accessEnded, code: 'workspace-access-ended' });
    const reopened = await app.request('/api/events', { headers: rep.headers });
    expect(reopened.status).toBe(403);

    // The Owner's stream goes on.
    await database().db.insert(leads).values({
      workspaceId: owner.user.id,
      source: 'shared-link',
      address: '2 Oak St, Austin, TX',
      responseKind: 'accepted',
    });
    expect(await readUntil(ownerStream, 'change')).toContain('"table":"leads"');
    await ownerStream.cancel().catch(() => {});
    await context.changeFeed.close();
  });
});
