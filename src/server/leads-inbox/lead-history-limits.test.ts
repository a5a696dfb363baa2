// Issue 25, finding 6: a lead's history is bounded (at most 200 notes, the lead answer carries the
// newest 50 entries and pages the rest) and status changes are rate limited per user.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { LEAD_HISTORY_PAGE_SIZE, leadNoteMessages, MAX_LEAD_NOTES } from '#domain/leads/lead-inbox-requests.ts';
import { sendJson as send } from '#tests/support/send-json.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { signUpTestUser } from '#tests/support/test-users.ts';
import { leadEvents, leads } from '../db/schema';
import { PER_USER_ACTION_RATE_LIMIT } from '../rate-limit/limit-per-user';

type TestApp = ReturnType<typeof createTestApp>;
interface HistoryPage {
  events: { id: string; kind: string; text: string; createdAt: string }[];
  earlierCursor: string | null;
}

describeEachDatabase('lead history limits', (database) => {
  let app: TestApp;
  beforeAll(() => {
    app = createTestApp(database(), { TRUST_PROXY: '1' });
  });

  /** A signed-in wholesaler with one lead and `notes` notes on it, a second apart (oldest first). */
  async function leadWithNotes(notes: number, text = (index: number) => `Note ${index}`) {
    const owner = await signUpTestUser(app);
    const [lead] = await database()
      .db.insert(leads)
      .values({
        workspaceId: owner.user.id,
        source: 'shared-link',
        address: '12 Oak St, Austin, TX',
        name: 'Ann Lee',
        email: 'ann@example.com',
        responseKind: 'accepted',
      })
      .returning();
    const start = Date.now() - (notes + 1) * 1000;
    if (notes > 0) {
      await database()
        .db.insert(leadEvents)
        .values(
          Array.from({ length: notes }, (_, index) => ({
            leadId: lead!.id,
            kind: 'note' as const,
            text: text(index),
            createdAt: new Date(start + index * 1000),
          })),
        );
    }
    return { ...owner, leadId: lead!.id };
  }
  const notesOn = async (leadId: string) =>
    (
      await database()
        .db.select({ id: leadEvents.id })
        .from(leadEvents)
        .where(and(eq(leadEvents.leadId, leadId), eq(leadEvents.kind, 'note')))
    ).length;

  it(`refuses a lead's note past ${MAX_LEAD_NOTES} with a clear 409 and stores nothing more`, async () => {
    const { headers, leadId } = await leadWithNotes(MAX_LEAD_NOTES - 1);
    expect((await send(app, 'POST', `/api/leads-inbox/${leadId}/notes`, headers, { text: 'last one' })).status).toBe(
      201,
    );
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const refused = await send(app, 'POST', `/api/leads-inbox/${leadId}/notes`, headers, { text: 'x'.repeat(5000) });
      expect(refused.status).toBe(409);
      expect(await refused.json()).toEqual({ error: leadNoteMessages.tooMany, code: 'lead-notes-full' });
    }
    expect(await notesOn(leadId)).toBe(MAX_LEAD_NOTES);
  });

  it('lets concurrent notes fill a lead only up to the cap', async () => {
    const { headers, leadId } = await leadWithNotes(MAX_LEAD_NOTES - 2);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        send(app, 'POST', `/api/leads-inbox/${leadId}/notes`, headers, { text: `at once ${index}` }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 409, 409, 409, 409]);
    expect(await notesOn(leadId)).toBe(MAX_LEAD_NOTES);
  });

  it('sends the newest 50 history entries with the lead, and every older one exactly once page by page', async () => {
    const { headers, leadId } = await leadWithNotes(MAX_LEAD_NOTES, () => 'n'.repeat(5000));
    // Entries made in the same millisecond still page apart (the cursor carries the id).
    const tied = new Date(Date.now() - 500);
    await database()
      .db.insert(leadEvents)
      .values(Array.from({ length: 3 }, () => ({ leadId, kind: 'status' as const, createdAt: tied })));
    const total = MAX_LEAD_NOTES + 3;

    const response = await send(app, 'GET', `/api/leads-inbox/${leadId}`, headers);
    expect(response.status).toBe(200);
    const body = await response.text();
    // 200 notes of 5,000 characters: only the newest 50 travel (about 260 KB), never the 1 MB whole.
    expect(body.length).toBeLessThan(LEAD_HISTORY_PAGE_SIZE * 5000 + 20_000);
    const first = JSON.parse(body) as HistoryPage;
    expect(first.events).toHaveLength(LEAD_HISTORY_PAGE_SIZE);
    expect(first.events.slice(-3).map((event) => event.kind)).toEqual(['status', 'status', 'status']);
    expect(first.earlierCursor).toEqual(expect.any(String));

    let history = first.events;
    let cursor = first.earlierCursor;
    let pages = 1;
    while (cursor) {
      const older = await send(
        app,
        'GET',
        `/api/leads-inbox/${leadId}/events?before=${encodeURIComponent(cursor)}`,
        headers,
      );
      expect(older.status).toBe(200);
      const page = (await older.json()) as HistoryPage;
      expect(page.events.length).toBeLessThanOrEqual(LEAD_HISTORY_PAGE_SIZE);
      history = [...page.events, ...history];
      cursor = page.earlierCursor;
      pages += 1;
    }
    expect(pages).toBe(Math.ceil(total / LEAD_HISTORY_PAGE_SIZE));
    expect(new Set(history.map((event) => event.id)).size).toBe(total);
    const times = history.map((event) => Date.parse(event.createdAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));

    const stranger = await signUpTestUser(app);
    const stolen = await send(
      app,
      'GET',
      `/api/leads-inbox/${leadId}/events?before=${encodeURIComponent(first.earlierCursor!)}`,
      stranger.headers,
    );
    expect(stolen.status).toBe(404);
    for (const query of ['', '?before=garbage', `?before=${'x'.repeat(201)}`]) {
      expect((await send(app, 'GET', `/api/leads-inbox/${leadId}/events${query}`, headers)).status).toBe(400);
    }
    expect((await send(app, 'GET', `/api/leads-inbox/${randomUUID()}/events?before=x`, headers)).status).toBe(400);
  });

  it('rate limits status changes per user with a clear 429, and records none past the limit', async () => {
    const { headers, leadId } = await leadWithNotes(0);
    const statuses = ['contacted', 'negotiating'] as const;
    for (let index = 0; index < PER_USER_ACTION_RATE_LIMIT.limit; index += 1) {
      const moved = await send(app, 'PATCH', `/api/leads-inbox/${leadId}`, headers, {
        status: statuses[index % 2],
      });
      expect(moved.status).toBe(200);
    }
    const refused = await send(app, 'PATCH', `/api/leads-inbox/${leadId}`, headers, { status: 'dead' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({
      error: expect.stringMatching(/^Too many requests\. Please try again in \d+ seconds?\.$/) as unknown,
      code: 'rate-limited',
    });
    const changes = await database()
      .db.select()
      .from(leadEvents)
      .where(and(eq(leadEvents.leadId, leadId), eq(leadEvents.kind, 'status')));
    expect(changes).toHaveLength(PER_USER_ACTION_RATE_LIMIT.limit);
    const [lead] = await database().db.select().from(leads).where(eq(leads.id, leadId));
    expect(lead?.status).toBe('negotiating');
    // Another user is counted apart.
    const other = await leadWithNotes(0);
    expect(
      (await send(app, 'PATCH', `/api/leads-inbox/${other.leadId}`, other.headers, { status: 'dead' })).status,
    ).toBe(200);
  });
});
