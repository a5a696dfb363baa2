// Issue 39 §3: photos of a saved property or a lead, checked by content, at most 20 and 10 MB each,
// stored resized with no metadata, served only to the workspace; on both databases, stored under
// DATA_DIR and in an S3-compatible bucket (a local s3rver).
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MAX_PHOTO_BYTES, MAX_PHOTOS_PER_PROPERTY, photoMessages } from '#domain/photos/photo-rules.ts';
import { workspaceMessages } from '#domain/workspaces/roles.ts';
import { startS3Fake, type S3Fake } from '#tests/fakes/s3-fake.ts';
import { gpsLatitudeOf, jpegWithLocation } from '#tests/support/exif-gps.ts';
import { savedPropertyBody } from '#tests/support/saved-property.ts';
import { freshClientAddress, sendJson } from '#tests/support/send-json.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import type { signUpTestUser } from '#tests/support/test-users.ts';
import { newTestWorkspace, setWorkspacePlan } from '#tests/support/workspaces.ts';
import { leads, photos, savedProperties } from '../db/schema';
import { createFileStorage } from '../storage/create-file-storage';
import type { PhotoView } from './photo-view';

type Member = Awaited<ReturnType<typeof signUpTestUser>>;
type Target = { savedPropertyId: string } | { leadId: string };

const pngOf = (seed: number) =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r: seed % 256, g: 90, b: 200 } } })
    .png()
    .toBuffer();
// A PDF named as a JPEG and declared as one: its content says what it is.
const pdfNamedJpeg = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

let s3: S3Fake;
const dataDirs: string[] = [];
beforeAll(async () => {
  s3 = await startS3Fake({ bucket: 'photos-test' });
});
afterAll(async () => {
  await s3?.close();
  for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
});

/** A DATA_DIR of the suite's own. */
async function newDataDir() {
  const dir = await mkdtemp(path.join(tmpdir(), 'photos-test-'));
  dataDirs.push(dir);
  return dir;
}

describeEachDatabase('photos of saved properties and leads', (database) => {
  let app: ReturnType<typeof createTestApp>;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await newDataDir();
    app = createTestApp(database(), { TRUST_PROXY: '1', DATA_DIR: dataDir });
  });

  /** The files under DATA_DIR/files/photos (none yet: an empty list). */
  const storedFiles = () => readdir(path.join(dataDir, 'files', 'photos')).catch(() => [] as string[]);

  const query = (target: Target) => new URLSearchParams(target).toString();
  const upload = (who: Member, target: Target, bytes: Uint8Array, contentType = 'image/jpeg') =>
    app.request(`/api/photos?${query(target)}`, {
      method: 'POST',
      headers: { ...who.headers, 'content-type': contentType, 'x-forwarded-for': freshClientAddress() },
      body: new Uint8Array(bytes),
    });
  const list = (who: Member, target: Target) => sendJson(app, 'GET', `/api/photos?${query(target)}`, who.headers);
  const file = (who: Member, id: string, size = 'full') =>
    sendJson(app, 'GET', `/api/photos/${id}/file?size=${size}`, who.headers);
  const remove = (who: Member, id: string) => sendJson(app, 'DELETE', `/api/photos/${id}`, who.headers);
  const rowsOf = (target: Target) =>
    database()
      .db.select()
      .from(photos)
      .where(
        'savedPropertyId' in target
          ? eq(photos.savedPropertyId, target.savedPropertyId)
          : eq(photos.leadId, target.leadId),
      );

  async function workspaceWithProperty() {
    const workspace = await newTestWorkspace(app, database().db);
    const saved = await sendJson(app, 'POST', '/api/properties', workspace.owner.headers, savedPropertyBody());
    expect(saved.status).toBe(201);
    const [property] = await database()
      .db.select()
      .from(savedProperties)
      .where(eq(savedProperties.workspaceId, workspace.workspaceId));
    return { ...workspace, target: { savedPropertyId: property!.id } as Target };
  }

  async function insertLead(workspaceId: string, status: 'new' | 'under-contract', assigneeUserId: string | null) {
    const [lead] = await database()
      .db.insert(leads)
      .values({
        workspaceId,
        assigneeUserId,
        status,
        source: 'shared-link',
        address: `${randomUUID().slice(0, 4)} Elm St, Austin, TX`,
        responseKind: 'accepted',
      })
      .returning();
    return { leadId: lead!.id };
  }

  const uploaded = async (response: Response) => {
    expect(response.status).toBe(201);
    return ((await response.json()) as { photo: PhotoView }).photo;
  };

  it('takes a phone JPEG, serves it to the workspace resized with its location and owner gone, and a thumbnail', async () => {
    const { owner, join, target } = await workspaceWithProperty();
    const viewer = await join('viewer');
    const original = await jpegWithLocation(3000, 2000);
    expect(await gpsLatitudeOf(original)).toBeCloseTo(30.275, 3);

    const photo = await uploaded(await upload(owner, target, original));
    expect(photo).toMatchObject({ contentType: 'image/jpeg', width: 2048, height: 1365 });

    const listed = await list(viewer, target);
    expect(listed.status).toBe(200);
    expect(await listed.json()).toEqual({ address: '12 Oak St, Austin, TX', photos: [photo] });

    const served = await file(viewer, photo.id);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('cache-control')).toBe('private, max-age=86400');
    const bytes = new Uint8Array(await served.arrayBuffer());
    expect(await gpsLatitudeOf(bytes)).toBeUndefined();
    const metadata = await sharp(bytes).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(Buffer.from(bytes).includes('Ann Lee')).toBe(false);
    expect([metadata.width, metadata.height]).toEqual([2048, 1365]);

    const thumbnail = await sharp(
      new Uint8Array(await (await file(viewer, photo.id, 'thumbnail')).arrayBuffer()),
    ).metadata();
    expect([thumbnail.width, thumbnail.height, thumbnail.exif]).toEqual([480, 320, undefined]);
  });

  it('checks the type by content: a PDF named and declared a JPEG is refused, PNG and WebP are taken', async () => {
    const { owner, target } = await workspaceWithProperty();
    const filesBefore = await storedFiles();

    const refused = await upload(owner, target, pdfNamedJpeg, 'image/jpeg');
    expect(refused.status).toBe(415);
    expect(await refused.json()).toEqual({ error: photoMessages.wrongType, code: 'unsupported-media-type' });
    const empty = await upload(owner, target, new Uint8Array());
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ error: photoMessages.empty });
    // A JPEG's first bytes and nothing a decoder can read.
    const broken = await upload(
      owner,
      target,
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64)]),
    );
    expect(broken.status).toBe(422);
    expect(await broken.json()).toMatchObject({ error: photoMessages.unreadable, code: 'photo-unreadable' });
    expect(await rowsOf(target)).toHaveLength(0);
    expect(await storedFiles()).toEqual(filesBefore);

    // Declared as something else: the content decides.
    expect((await uploaded(await upload(owner, target, await pngOf(1), 'application/octet-stream'))).contentType).toBe(
      'image/png',
    );
    const webp = await sharp(await pngOf(2))
      .webp()
      .toBuffer();
    expect((await uploaded(await upload(owner, target, webp, 'image/png'))).contentType).toBe('image/webp');
  });

  it('refuses a photo over 10 MB in its own words, with nothing stored', async () => {
    const { owner, target } = await workspaceWithProperty();
    const filesBefore = await storedFiles();
    const tooLarge = Buffer.concat([await jpegWithLocation(200, 100), Buffer.alloc(MAX_PHOTO_BYTES)]);
    const refused = await upload(owner, target, tooLarge);
    expect(refused.status).toBe(413);
    expect(await refused.json()).toMatchObject({ error: photoMessages.tooLarge, code: 'payload-too-large' });
    expect(await rowsOf(target)).toHaveLength(0);
    expect(await storedFiles()).toEqual(filesBefore);
  });

  it('keeps at most 20 photos a property, even when uploads race, and refuses the 21st', async () => {
    const { owner, join, target, workspaceId } = await workspaceWithProperty();
    const manager = await join('manager');
    for (let index = 0; index < MAX_PHOTOS_PER_PROPERTY - 3; index++) {
      await uploaded(await upload(owner, target, await pngOf(index)));
    }
    const race = await Promise.all(
      [0, 1, 2, 3, 4, 5].map(async (index) => upload(index % 2 ? owner : manager, target, await pngOf(100 + index))),
    );
    expect(race.map((answer) => answer.status).sort()).toEqual([201, 201, 201, 409, 409, 409]);
    const refused = await upload(manager, target, await pngOf(200));
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ error: photoMessages.tooMany, code: 'photos-full' });
    const rows = await rowsOf(target);
    expect(rows).toHaveLength(MAX_PHOTOS_PER_PROPERTY);
    expect(rows.every((row) => row.workspaceId === workspaceId)).toBe(true);
    // Refused uploads left no file: every stored file is one of a kept photo's two.
    const files = await storedFiles();
    for (const row of rows) expect(files).toContain(path.basename(row.storageKey));
    const everyPhoto = await database().db.select({ id: photos.id }).from(photos);
    expect(files.filter((name) => !everyPhoto.some((row) => name.startsWith(row.id)))).toEqual([]);
    expect(files).toHaveLength(2 * everyPhoto.length);

    // Deleting one makes room again, and removes its files.
    const [first] = rows;
    expect((await remove(manager, first!.id)).status).toBe(200);
    expect(await storedFiles()).not.toContain(path.basename(first!.storageKey));
    expect((await file(owner, first!.id)).status).toBe(404);
    await uploaded(await upload(manager, target, await pngOf(300)));
  });

  it("removes a saved property's photo files when the property is deleted", async () => {
    const { owner, workspaceId, target } = await workspaceWithProperty();
    await setWorkspacePlan(database().db, workspaceId, 'pro');
    const kept = await uploaded(await upload(owner, target, await pngOf(10)));
    const gone = await uploaded(await upload(owner, target, await pngOf(11)));
    const rows = await rowsOf(target);
    const files = rows.flatMap((row) => [path.basename(row.storageKey), path.basename(row.thumbnailKey)]);
    for (const name of files) expect(await storedFiles()).toContain(name);
    expect(rows.map((row) => row.id).sort()).toEqual([kept.id, gone.id].sort());

    const deleted = await sendJson(
      app,
      'DELETE',
      `/api/properties/${(target as { savedPropertyId: string }).savedPropertyId}`,
      owner.headers,
    );
    expect(deleted.status).toBe(200);
    expect(await rowsOf(target)).toEqual([]);
    const left = await storedFiles();
    expect(files.filter((name) => left.includes(name))).toEqual([]);
  });

  it("answers another workspace's photo, property and lead as not found, with nothing changed", async () => {
    const victim = await workspaceWithProperty();
    const victimLead = await insertLead(victim.workspaceId, 'under-contract', null);
    const photo = await uploaded(await upload(victim.owner, victim.target, await jpegWithLocation(300, 200)));
    const leadPhoto = await uploaded(await upload(victim.owner, victimLead, await pngOf(7)));
    const attacker = await workspaceWithProperty();
    const attackerManager = await attacker.join('manager');
    const filesBefore = await storedFiles();
    const rowsBefore = await database().db.select().from(photos).where(eq(photos.workspaceId, victim.workspaceId));

    for (const outsider of [attacker.owner, attackerManager]) {
      for (const id of [photo.id, leadPhoto.id]) {
        const read = await file(outsider, id);
        expect(read.status).toBe(404);
        expect(await read.json()).toEqual({ error: photoMessages.notFound, code: 'photo-not-found' });
        expect((await file(outsider, id, 'thumbnail')).status).toBe(404);
        expect((await remove(outsider, id)).status).toBe(404);
      }
      expect((await list(outsider, victim.target)).status).toBe(404);
      expect((await list(outsider, victimLead)).status).toBe(404);
      expect((await upload(outsider, victim.target, await pngOf(8))).status).toBe(404);
      expect((await upload(outsider, victimLead, await pngOf(9))).status).toBe(404);
    }
    // Not an id at all: the same 404, never a 500.
    expect((await file(attacker.owner, '../../etc/passwd')).status).toBe(404);
    expect((await list(attacker.owner, { savedPropertyId: 'x' } as Target)).status).toBe(400);

    expect(await database().db.select().from(photos).where(eq(photos.workspaceId, victim.workspaceId))).toEqual(
      rowsBefore,
    );
    expect(await storedFiles()).toEqual(filesBefore);
    expect((await file(victim.owner, photo.id)).status).toBe(200);
  });

  it("refuses a Viewer's upload and delete with nothing changed, and lets them look", async () => {
    const { owner, join, target } = await workspaceWithProperty();
    const viewer = await join('viewer');
    const photo = await uploaded(await upload(owner, target, await pngOf(3)));
    const filesBefore = await storedFiles();

    const added = await upload(viewer, target, await pngOf(4));
    expect(added.status).toBe(403);
    expect(await added.json()).toEqual({ error: workspaceMessages.notAllowed, code: 'not-allowed' });
    const deleted = await remove(viewer, photo.id);
    expect(deleted.status).toBe(403);
    expect(await rowsOf(target)).toHaveLength(1);
    expect(await storedFiles()).toEqual(filesBefore);
    expect((await file(viewer, photo.id)).status).toBe(200);
  });

  it("follows the lead's rules: Dispositions once under contract, a member who sees only theirs not another's lead", async () => {
    const { owner, join, workspaceId } = await newTestWorkspace(app, database().db);
    const dispositions = await join('dispositions');
    const rep = await join('acquisitions', { seesAllLeads: false });
    const fresh = await insertLead(workspaceId, 'new', null);
    const contracted = await insertLead(workspaceId, 'under-contract', null);
    const repsLead = await insertLead(workspaceId, 'new', rep.user.id);

    expect((await upload(dispositions, fresh, await pngOf(1))).status).toBe(403);
    await uploaded(await upload(dispositions, contracted, await pngOf(2)));
    const ownersPhoto = await uploaded(await upload(owner, fresh, await pngOf(3)));
    await uploaded(await upload(rep, repsLead, await pngOf(4)));

    // The rep sees only their lead: another lead, and its photo, are not found.
    expect((await upload(rep, fresh, await pngOf(5))).status).toBe(404);
    expect((await list(rep, fresh)).status).toBe(404);
    expect((await file(rep, ownersPhoto.id)).status).toBe(404);
    expect((await remove(rep, ownersPhoto.id)).status).toBe(404);
    expect(await rowsOf(fresh)).toHaveLength(1);
    const theirs = await list(rep, repsLead);
    expect(((await theirs.json()) as { photos: unknown[] }).photos).toHaveLength(1);
  });
});

describeEachDatabase('photos in an S3-compatible bucket', (database) => {
  it('stores the served image and its thumbnail as objects, reads them back, and deletes them with the photo', async () => {
    const dataDir = await newDataDir();
    const storedFiles = () => readdir(path.join(dataDir, 'files')).catch(() => [] as string[]);
    const env = { TRUST_PROXY: '1', DATA_DIR: dataDir, ...s3.env };
    const app = createTestApp(database(), env);
    const { owner } = await newTestWorkspace(app, database().db);
    const saved = await sendJson(app, 'POST', '/api/properties', owner.headers, savedPropertyBody());
    const { property } = (await saved.json()) as { property: { id: string } };

    const answer = await app.request(`/api/photos?savedPropertyId=${property.id}`, {
      method: 'POST',
      headers: { ...owner.headers, 'content-type': 'image/jpeg', 'x-forwarded-for': freshClientAddress() },
      body: await jpegWithLocation(2500, 2500),
    });
    expect(answer.status).toBe(201);
    const { photo } = (await answer.json()) as { photo: PhotoView };
    const [row] = await database().db.select().from(photos).where(eq(photos.id, photo.id));
    const bucket = createFileStorage({ DATA_DIR: dataDir, ...s3.env });
    const stored = await bucket.get(row!.storageKey);
    expect((await sharp(stored!).metadata()).width).toBe(2048);
    expect(await gpsLatitudeOf(stored!)).toBeUndefined();
    expect(await bucket.get(row!.thumbnailKey)).toBeDefined();
    expect(await storedFiles()).toEqual([]);

    const served = await sendJson(app, 'GET', `/api/photos/${photo.id}/file`, owner.headers);
    expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(stored!))).toBe(true);

    expect((await sendJson(app, 'DELETE', `/api/photos/${photo.id}`, owner.headers)).status).toBe(200);
    expect(await bucket.get(row!.storageKey)).toBeUndefined();
    expect(await bucket.get(row!.thumbnailKey)).toBeUndefined();
  });
});
