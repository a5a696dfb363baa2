// A deleted workspace's stored files (its photos and their thumbnails, its buyers' and buyer
// offers' proof-of-funds files) leave the storage once the delete committed; another workspace's
// stay, and a file the storage fails to remove is logged and tried again later, never blocking the
// delete. On both databases, under DATA_DIR and in an S3-compatible bucket (a local s3rver).
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startS3Fake, type S3Fake } from '#tests/fakes/s3-fake.ts';
import { savedPropertyBody } from '#tests/support/saved-property.ts';
import { freshClientAddress, sendJson } from '#tests/support/send-json.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { newTestWorkspace } from '#tests/support/workspaces.ts';
import { buyerOffers, buyers, leads, organization, photos, storedFileRemovals } from '../db/schema';
import { createFileStorage } from './create-file-storage';
import type { FileStorage } from './file-storage';
import { FILE_REMOVAL_RETRY_MS, removeQueuedFiles } from './remove-queued-files';

let s3: S3Fake;
const dataDirs: string[] = [];
beforeAll(async () => {
  s3 = await startS3Fake({ bucket: 'removals-test' });
});
afterAll(async () => {
  await s3?.close();
  for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
});

const pngOf = (seed: number) =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r: seed % 256, g: 90, b: 200 } } })
    .png()
    .toBuffer();

describeEachDatabase('the files of a deleted workspace', (database) => {
  for (const where of ['DATA_DIR', 'an S3-compatible bucket'] as const) {
    /** An app and its storage: files under a DATA_DIR of the test's own, or in the bucket. */
    async function appAndStorage() {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'removals-test-'));
      dataDirs.push(dataDir);
      const env = { DATA_DIR: dataDir, ...(where === 'DATA_DIR' ? {} : s3.env) };
      return { app: createTestApp(database(), { TRUST_PROXY: '1', ...env }), storage: createFileStorage(env) };
    }

    /** A workspace with a photo of a saved property, a buyer's and a buyer offer's proof of funds; its stored keys. */
    async function workspaceWithFiles(app: ReturnType<typeof createTestApp>, storage: FileStorage, seed: number) {
      const workspace = await newTestWorkspace(app, database().db);
      const saved = await sendJson(app, 'POST', '/api/properties', workspace.owner.headers, savedPropertyBody());
      const { property } = (await saved.json()) as { property: { id: string } };
      const uploaded = await app.request(`/api/photos?savedPropertyId=${property.id}`, {
        method: 'POST',
        headers: { ...workspace.owner.headers, 'content-type': 'image/png', 'x-forwarded-for': freshClientAddress() },
        body: new Uint8Array(await pngOf(seed)),
      });
      expect(uploaded.status).toBe(201);
      const [photo] = await database().db.select().from(photos).where(eq(photos.savedPropertyId, property.id));
      const buyerProof = `proof-of-funds/${randomUUID()}.pdf`;
      const offerProof = `proof-of-funds/${randomUUID()}.pdf`;
      for (const key of [buyerProof, offerProof]) await storage.put(key, Buffer.from('%PDF-1.4\n'), 'application/pdf');
      const [buyer] = await database()
        .db.insert(buyers)
        .values({ workspaceId: workspace.workspaceId, name: 'Ann Lee', proofOfFundsFileKey: buyerProof })
        .returning();
      const [lead] = await database()
        .db.insert(leads)
        .values({
          workspaceId: workspace.workspaceId,
          source: 'shared-link',
          status: 'under-contract',
          address: `${seed} Elm St, Austin, TX`,
          responseKind: 'accepted',
        })
        .returning();
      await database().db.insert(buyerOffers).values({
        workspaceId: workspace.workspaceId,
        leadId: lead!.id,
        buyerId: buyer!.id,
        amount: 150_000,
        contactName: 'Ann Lee',
        proofOfFundsFileKey: offerProof,
        proofOfFundsContentType: 'application/pdf',
      });
      return { ...workspace, keys: [photo!.storageKey, photo!.thumbnailKey, buyerProof, offerProof] };
    }

    const storedOf = async (storage: FileStorage, keys: readonly string[]) =>
      Promise.all(keys.map(async (key) => (await storage.get(key)) !== undefined));

    /** The workspace goes as it can: with its Owner's user row (an operator's delete), its rows by cascade. */
    const deleteWorkspaceOf = (userId: string) => database().db.execute(sql`delete from "user" where id = ${userId}`);

    it(`removes them from ${where} once the delete committed, and keeps another workspace's`, async () => {
      const { app, storage } = await appAndStorage();
      const gone = await workspaceWithFiles(app, storage, 1);
      const kept = await workspaceWithFiles(app, storage, 2);
      expect(await storedOf(storage, gone.keys)).toEqual([true, true, true, true]);

      await deleteWorkspaceOf(gone.owner.user.id);
      expect(await database().db.select().from(organization).where(eq(organization.id, gone.workspaceId))).toEqual([]);
      // The delete waited for no file: they are queued, still stored.
      expect(await storedOf(storage, gone.keys)).toEqual([true, true, true, true]);

      const logged: string[] = [];
      const swept = await removeQueuedFiles(database().db, storage, { log: (key) => logged.push(key) });
      expect(swept).toEqual({ removed: 4, failed: 0 });
      expect(logged).toEqual([]);
      expect(await storedOf(storage, gone.keys)).toEqual([false, false, false, false]);
      expect(await storedOf(storage, kept.keys)).toEqual([true, true, true, true]);
      expect(await database().db.select().from(storedFileRemovals)).toEqual([]);
    });

    it(`logs a file ${where} failed to remove and tries it again later, removing the others meanwhile`, async () => {
      const { app, storage } = await appAndStorage();
      const gone = await workspaceWithFiles(app, storage, 3);
      await deleteWorkspaceOf(gone.owner.user.id);
      const stuck = gone.keys[2]!;
      const failing: FileStorage = {
        ...storage,
        delete: (key) => (key === stuck ? Promise.reject(new Error('storage unavailable')) : storage.delete(key)),
      };
      const logged: string[] = [];
      const now = new Date();
      const first = await removeQueuedFiles(database().db, failing, { now, log: (key) => logged.push(key) });
      expect(first).toEqual({ removed: 3, failed: 1 });
      expect(logged).toEqual([stuck]);
      expect(await storedOf(storage, gone.keys)).toEqual([false, false, true, false]);
      const [waiting] = await database().db.select().from(storedFileRemovals);
      expect(waiting).toMatchObject({ key: stuck, attempts: 1 });
      expect(waiting!.nextAttemptAt.getTime()).toBe(now.getTime() + FILE_REMOVAL_RETRY_MS);

      // Not before its time; then, with the storage back, it goes.
      expect(await removeQueuedFiles(database().db, storage, { now, log: (key) => logged.push(key) })).toEqual({
        removed: 0,
        failed: 0,
      });
      const later = new Date(now.getTime() + FILE_REMOVAL_RETRY_MS);
      expect(await removeQueuedFiles(database().db, storage, { now: later, log: (key) => logged.push(key) })).toEqual({
        removed: 1,
        failed: 0,
      });
      expect(await storedOf(storage, gone.keys)).toEqual([false, false, false, false]);
      expect(await database().db.select().from(storedFileRemovals)).toEqual([]);
    });
  }
});
