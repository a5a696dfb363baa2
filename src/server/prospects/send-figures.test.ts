// Issue 41 §6: what each send earned, e-mail or mail, on the send's prospects view; Leads and
// Prospects filtered by source and send; another workspace's send shows nothing.
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { type ReportSeed, seedReport } from '#tests/support/report-seed.ts';
import { sendJson } from '#tests/support/send-json.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { newTestWorkspace, setWorkspacePlan } from '#tests/support/workspaces.ts';
import { bulkSendJobs, mailPieces, mailSends, mailSuppressions, prospects } from '../db/schema';

const day = (iso: string) => new Date(`${iso}T12:00:00.000Z`);

describeEachDatabase('what each send earned (issue 41 §6)', (database) => {
  let app: ReturnType<typeof createTestApp>;
  beforeAll(() => {
    app = createTestApp(database(), { TRUST_PROXY: '1' });
  });
  const db = () => database().db;
  const get = async <Body>(path: string, headers: Record<string, string>) => {
    const response = await sendJson(app, 'GET', path, headers);
    return { status: response.status, body: (await response.json()) as Body };
  };

  /** A Pro workspace with an e-mail send of 5 owners and a Lob send of 6 pieces (4 out, 2 failed) at $1.10. */
  async function workspaceWithSends() {
    const workspace = await newTestWorkspace(app, db());
    await setWorkspacePlan(db(), workspace.workspaceId, 'pro');
    const ownerId = workspace.owner.user.id;
    const seed: ReportSeed = {
      sends: [
        { name: 'email', kind: 'email', userId: ownerId, at: day('2026-10-01'), reached: 5 },
        {
          name: 'mail',
          kind: 'mail',
          userId: ownerId,
          at: day('2026-10-02'),
          reached: 4,
          failedPieces: 2,
          pricePerPieceCents: 110,
        },
      ],
      leads: [
        { source: 'mail', assigneeUserId: ownerId, send: 'mail', createdAt: day('2026-10-05') },
        { source: 'mail', assigneeUserId: ownerId, send: 'mail', createdAt: day('2026-10-06') },
        { source: 'bulk-email', assigneeUserId: ownerId, send: 'email', createdAt: day('2026-10-03') },
        { source: 'personal-page', assigneeUserId: ownerId, createdAt: day('2026-10-04') },
      ],
    };
    await seedReport(db(), workspace.workspaceId, seed, new Date('2026-01-01T00:00:00Z'));
    const [mailSend] = await db()
      .select({ id: mailSends.id })
      .from(mailSends)
      .where(eq(mailSends.workspaceId, workspace.workspaceId));
    const [emailSend] = await db()
      .select({ id: bulkSendJobs.id })
      .from(bulkSendJobs)
      .where(eq(bulkSendJobs.workspaceId, workspace.workspaceId));
    return { ...workspace, mailSendId: mailSend!.id, emailSendId: emailSend!.id };
  }

  it('lists mail sends beside e-mail sends, and sums up a mail send: pieces, owners, answers and cost', async () => {
    const { owner, workspaceId, mailSendId, emailSendId } = await workspaceWithSends();
    // One owner asked, at the piece's /stop, to be mailed no more.
    const [stopped] = await db()
      .select({ key: mailPieces.mailingAddressKey })
      .from(mailPieces)
      .where(eq(mailPieces.sendId, mailSendId))
      .limit(1);
    await db().insert(mailSuppressions).values({ workspaceId, mailingAddressKey: stopped!.key, reason: 'stopped' });

    const sends = await get<{ sends: { id: string; kind: string; total: number }[] }>(
      '/api/prospects/sends',
      owner.headers,
    );
    expect(sends.body.sends.map(({ id, kind, total }) => ({ id, kind, total }))).toEqual([
      { id: mailSendId, kind: 'mail', total: 6 },
      { id: emailSendId, kind: 'email', total: 5 },
    ]);

    const mail = await get<Record<string, unknown>>(`/api/prospects/sends/${mailSendId}/summary`, owner.headers);
    expect(mail.status).toBe(200);
    expect(mail.body).toMatchObject({
      sendId: mailSendId,
      kind: 'mail',
      rows: 6,
      reached: 4,
      verified: 6,
      printed: 0,
      mailed: 4,
      delivered: 2,
      returned: 0,
      failed: 2,
      unsubscribed: 1,
      answered: 2,
      answerRate: 0.5,
      costCents: 440,
      costPerAnswerCents: 220,
    });

    const email = await get<Record<string, unknown>>(`/api/prospects/sends/${emailSendId}/summary`, owner.headers);
    expect(email.body).toMatchObject({ kind: 'email', reached: 5, emailed: 6, costCents: 0, costPerAnswerCents: null });
  });

  it('filters Leads by source and by send, and Prospects by a mail send', async () => {
    const { owner, mailSendId, emailSendId, workspaceId } = await workspaceWithSends();
    type LeadsPage = { leads: { id: string; source: string }[] };
    const leadsOf = async (query: string) =>
      (await get<LeadsPage>(`/api/leads-inbox${query}`, owner.headers)).body.leads;

    expect(await leadsOf('')).toHaveLength(4);
    expect((await leadsOf('?source=mail')).map((lead) => lead.source)).toEqual(['mail', 'mail']);
    expect((await leadsOf(`?sendId=${mailSendId}`)).map((lead) => lead.source)).toEqual(['mail', 'mail']);
    expect((await leadsOf(`?sendId=${emailSendId}&source=bulk-email`)).map((lead) => lead.source)).toEqual([
      'bulk-email',
    ]);
    expect(await leadsOf(`?sendId=${emailSendId}&source=mail`)).toEqual([]);
    const badSource = await sendJson(app, 'GET', '/api/leads-inbox?source=carrier-pigeon', owner.headers);
    expect(badSource.status).toBe(400);
    expect(await badSource.json()).toMatchObject({ error: 'Unknown lead source' });

    const mailed = await get<{ prospects: { name: string }[] }>(`/api/prospects?sendId=${mailSendId}`, owner.headers);
    expect(mailed.body.prospects.map((prospect) => prospect.name).sort()).toEqual(
      (await db().select({ name: prospects.name }).from(prospects).where(eq(prospects.workspaceId, workspaceId)))
        .map((prospect) => prospect.name)
        .filter((name) => name.startsWith('Mailed owner'))
        .sort(),
    );
    expect(mailed.body.prospects).toHaveLength(6);
  });

  it("shows another workspace's sends to nobody: not found, no leads, no prospects, nothing changed", async () => {
    const victim = await workspaceWithSends();
    const attacker = await newTestWorkspace(app, db());
    await setWorkspacePlan(db(), attacker.workspaceId, 'pro');
    const before = await db().select().from(mailPieces).where(eq(mailPieces.sendId, victim.mailSendId));

    for (const sendId of [victim.mailSendId, victim.emailSendId]) {
      const summary = await get<{ code: string }>(`/api/prospects/sends/${sendId}/summary`, attacker.owner.headers);
      expect(summary.status).toBe(404);
      expect(summary.body).toMatchObject({ code: 'not-found' });
      const leads = await get<{ leads: unknown[] }>(`/api/leads-inbox?sendId=${sendId}`, attacker.owner.headers);
      expect(leads.body.leads).toEqual([]);
      const found = await get<{ prospects: unknown[] }>(`/api/prospects?sendId=${sendId}`, attacker.owner.headers);
      expect(found.body.prospects).toEqual([]);
    }
    const sends = await get<{ sends: unknown[] }>('/api/prospects/sends', attacker.owner.headers);
    expect(sends.body.sends).toEqual([]);
    expect(await db().select().from(mailPieces).where(eq(mailPieces.sendId, victim.mailSendId))).toEqual(before);
  });
});
