// Issue 41: the list columns a workspace mapped in the bulk import are remembered for it. Members
// who may bulk send of a Pro workspace read and add them; a Viewer, an Acquisitions member without
// bulk rights, a non-Pro workspace, an oversized or malformed body and another workspace are refused
// or kept apart, with nothing changed.
import { asc, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { MAX_IMPORT_COLUMN_MAPPINGS } from '#domain/bulk-import/import-column-mappings.ts';
import { sendJson } from '#tests/support/send-json.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import type { signUpTestUser } from '#tests/support/test-users.ts';
import { newTestWorkspace, setWorkspacePlan } from '#tests/support/workspaces.ts';
import { importColumnMappings } from '../db/schema';

type Member = Awaited<ReturnType<typeof signUpTestUser>>;

describeEachDatabase('remembered list column mappings (issue 41)', (database) => {
  let app: ReturnType<typeof createTestApp>;
  beforeAll(() => {
    app = createTestApp(database(), { TRUST_PROXY: '1' });
  });

  async function proWorkspace() {
    const workspace = await newTestWorkspace(app, database().db);
    await setWorkspacePlan(database().db, workspace.workspaceId, 'pro');
    return workspace;
  }
  const rowsOf = (workspaceId: string) =>
    database()
      .db.select({ column: importColumnMappings.column, field: importColumnMappings.field })
      .from(importColumnMappings)
      .where(eq(importColumnMappings.workspaceId, workspaceId))
      .orderBy(asc(importColumnMappings.column));
  const put = (who: Member, body: unknown) => sendJson(app, 'PUT', '/api/import-mappings', who.headers, body);
  const get = (who: Member) => app.request('/api/import-mappings', { headers: who.headers });

  it('remembers a mapped column for the workspace, normalised, and a later mapping of it replaces the field', async () => {
    const { owner, join } = await proWorkspace();
    const saved = await put(owner, { mappings: [{ column: 'Zestimate guess', field: 'marketValue' }] });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ mappings: [{ column: 'zestimateguess', field: 'marketValue' }] });

    // Another member with bulk rights sees it, and adds to it.
    const acquisitions = await join('acquisitions', { mayBulkSendAndExport: true });
    const read = await get(acquisitions);
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual({ mappings: [{ column: 'zestimateguess', field: 'marketValue' }] });
    const again = await put(acquisitions, {
      mappings: [
        { column: 'ZESTIMATE-GUESS', field: 'repairs' },
        { column: 'Where it is', field: 'address' },
      ],
    });
    expect(again.status).toBe(200);
    const { mappings } = (await again.json()) as { mappings: { column: string; field: string }[] };
    expect(mappings).toHaveLength(2);
    expect(mappings).toEqual(
      expect.arrayContaining([
        { column: 'zestimateguess', field: 'repairs' },
        { column: 'whereitis', field: 'address' },
      ]),
    );
  });

  it("keeps each workspace's mappings apart: another workspace neither reads nor changes them", async () => {
    const victim = await proWorkspace();
    await put(victim.owner, { mappings: [{ column: 'Zestimate guess', field: 'marketValue' }] });
    const before = await rowsOf(victim.workspaceId);

    const attacker = await proWorkspace();
    expect(await (await get(attacker.owner)).json()).toEqual({ mappings: [] });
    // A workspace id in the body is not a field of the request: the attacker's own workspace is changed.
    const response = await put(attacker.owner, {
      workspaceId: victim.workspaceId,
      mappings: [{ column: 'Zestimate guess', field: 'address', workspaceId: victim.workspaceId }],
    });
    expect(response.status).toBe(200);
    expect(await rowsOf(victim.workspaceId)).toEqual(before);
    expect(await rowsOf(attacker.workspaceId)).toEqual([{ column: 'zestimateguess', field: 'address' }]);
  });

  it('refuses a Viewer and an Acquisitions member without bulk rights, with nothing changed', async () => {
    const { owner, workspaceId, join } = await proWorkspace();
    await put(owner, { mappings: [{ column: 'Value guess', field: 'marketValue' }] });
    const before = await rowsOf(workspaceId);
    for (const who of [await join('viewer'), await join('acquisitions')]) {
      const read = await get(who);
      expect(read.status).toBe(403);
      expect(await read.json()).toMatchObject({ code: 'not-allowed' });
      const write = await put(who, { mappings: [{ column: 'Value guess', field: 'address' }] });
      expect(write.status).toBe(403);
      expect(await write.json()).toMatchObject({ code: 'not-allowed' });
    }
    expect(await rowsOf(workspaceId)).toEqual(before);
  });

  it('refuses a workspace not on Pro (bulk import is Pro only), storing nothing', async () => {
    const { owner, workspaceId } = await newTestWorkspace(app, database().db);
    const write = await put(owner, { mappings: [{ column: 'Value guess', field: 'marketValue' }] });
    expect(write.status).toBe(403);
    expect(await write.json()).toMatchObject({
      code: 'pro-only',
      error: 'Bulk import is only available with the Pro plan',
    });
    expect((await get(owner)).status).toBe(403);
    expect(await rowsOf(workspaceId)).toEqual([]);
  });

  it('refuses an oversized body (413) and malformed mappings (400) with a message, changing nothing', async () => {
    const { owner, workspaceId } = await proWorkspace();
    await put(owner, { mappings: [{ column: 'Value guess', field: 'marketValue' }] });
    const before = await rowsOf(workspaceId);

    const huge = await put(owner, { mappings: [{ column: 'x'.repeat(20_000), field: 'marketValue' }] });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({ error: expect.any(String) });

    for (const body of [
      { mappings: [] },
      { mappings: [{ column: 'Value guess', field: 'workspaceId' }] },
      { mappings: [{ column: '---', field: 'address' }] },
      { mappings: [{ column: 'a'.repeat(201), field: 'address' }] },
      {
        mappings: [
          { column: 'Value', field: 'address' },
          { column: 'VALUE', field: 'marketValue' },
        ],
      },
      { mappings: Array.from({ length: 40 }, (_, n) => ({ column: `Column ${n}`, field: 'phone' })) },
      '{"mappings": [',
    ]) {
      const response = await put(owner, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.json()).toMatchObject({ error: expect.any(String) });
    }
    expect(await rowsOf(workspaceId)).toEqual(before);
  });

  it(`keeps the ${MAX_IMPORT_COLUMN_MAPPINGS} most recently mapped columns`, async () => {
    const { owner, workspaceId } = await proWorkspace();
    for (let batch = 0; batch < 7; batch++) {
      const response = await put(owner, {
        mappings: Array.from({ length: 17 }, (_, n) => ({ column: `Column ${batch}-${n}`, field: 'phone' })),
      });
      expect(response.status).toBe(200);
    }
    const rows = await rowsOf(workspaceId);
    expect(rows).toHaveLength(MAX_IMPORT_COLUMN_MAPPINGS);
    // The last batch is kept whole.
    expect(rows.map((row) => row.column)).toEqual(expect.arrayContaining(['column60', 'column616']));
  });
});
