// Issue 39 §1 and "Security and honesty": a buyer's proof-of-funds file, only a PDF or an image by
// its content, at most 10 MB, stored under DATA_DIR or in an S3-compatible bucket (a local s3rver),
// served only to the workspace as a download; replaced and removed with its old file gone. Another
// workspace's buyer, a disguised file, one byte too many and a Viewer are refused with nothing changed.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buyerMessages, type BuyerInput } from '#domain/buyers/buyer-request.ts';
import { MAX_PROOF_OF_FUNDS_BYTES, proofOfFundsMessages } from '#domain/buyers/proof-of-funds-rules.ts';
import { workspaceMessages } from '#domain/workspaces/roles.ts';
import { startS3Fake, type S3Fake } from '#tests/fakes/s3-fake.ts';
import { freshClientAddress, sendJson } from '#tests/support/send-json.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import type { signUpTestUser } from '#tests/support/test-users.ts';
import { newTestWorkspace } from '#tests/support/workspaces.ts';
import { buyerOffers, buyers, leads, storedFileRemovals } from '../db/schema';
import { createFileStorage } from '../storage/create-file-storage';
import type { BuyerView } from './buyer-view';
import { storeProofOfFunds } from './save-proof-of-funds';

type Member = Awaited<ReturnType<typeof signUpTestUser>>;
type TestApp = ReturnType<typeof createTestApp>;

const ann: BuyerInput = {
  name: 'Ann Lee',
  email: 'ann@example.com',
  proofOfFundsAmount: 300_000,
  proofOfFundsExpiresOn: '2099-12-31',
};

/** A small real PDF, padded to `size` bytes with a comment line when asked. */
function pdfOf(words: string, size?: number) {
  const body = Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${words}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  );
  return size === undefined ? body : Buffer.concat([body, Buffer.alloc(size - body.length, 0x20)]);
}
const pngOf = (seed: number) =>
  sharp({ create: { width: 30, height: 20, channels: 3, background: { r: seed % 256, g: 40, b: 90 } } })
    .png()
    .toBuffer();
// Pages a browser would run if it ever showed them in our origin: named and declared as PDFs.
const htmlAsPdf = Buffer.from('<!DOCTYPE html><html><body><script>fetch("/api/buyers")</script></body></html>');
const svgAsPdf = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>',
);

let s3: S3Fake;
const dataDirs: string[] = [];
beforeAll(async () => {
  s3 = await startS3Fake({ bucket: 'proof-of-funds-test' });
});
afterAll(async () => {
  await s3?.close();
  for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
});

async function newDataDir() {
  const dir = await mkdtemp(path.join(tmpdir(), 'proof-of-funds-test-'));
  dataDirs.push(dir);
  return dir;
}

/** The requests of one app: a buyer created, the file's PUT (raw bytes), GET and DELETE. */
function requestsOf(app: TestApp) {
  return {
    async create(who: Member, buyer: BuyerInput = ann) {
      const response = await sendJson(app, 'POST', '/api/buyers', who.headers, buyer);
      expect(response.status, await response.clone().text()).toBe(201);
      return ((await response.json()) as { buyer: BuyerView }).buyer;
    },
    upload: (who: Member, buyerId: string, bytes: Uint8Array, contentType = 'application/pdf', extra = {}) =>
      app.request(`/api/buyers/${buyerId}/proof-of-funds`, {
        method: 'PUT',
        headers: { ...who.headers, 'content-type': contentType, 'x-forwarded-for': freshClientAddress(), ...extra },
        body: new Uint8Array(bytes),
      }),
    download: (who: Member, buyerId: string) =>
      sendJson(app, 'GET', `/api/buyers/${buyerId}/proof-of-funds`, who.headers),
    remove: (who: Member, buyerId: string) =>
      sendJson(app, 'DELETE', `/api/buyers/${buyerId}/proof-of-funds`, who.headers),
  };
}

const buyerOf = async (response: Response) => {
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { buyer: BuyerView }).buyer;
};

describeEachDatabase('proof-of-funds files of buyers', (database) => {
  let app: TestApp;
  let dataDir: string;
  let requests: ReturnType<typeof requestsOf>;
  beforeAll(async () => {
    dataDir = await newDataDir();
    app = createTestApp(database(), { TRUST_PROXY: '1', DATA_DIR: dataDir });
    requests = requestsOf(app);
  });

  /** The files under DATA_DIR/files/proof-of-funds (none yet: an empty list). */
  const storedFiles = () => readdir(path.join(dataDir, 'files', 'proof-of-funds')).catch(() => [] as string[]);
  const rowOf = async (id: string) => (await database().db.select().from(buyers).where(eq(buyers.id, id)))[0];

  it('keeps a PDF, serves it to the workspace as a download only, replaces it with an image, and removes it', async () => {
    const { owner, join } = await newTestWorkspace(app, database().db);
    const dispositions = await join('dispositions');
    const viewer = await join('viewer');
    const buyer = await requests.create(owner);
    expect(buyer.proofOfFundsFileType).toBeNull();
    expect((await requests.download(owner, buyer.id)).status).toBe(404);

    const pdf = pdfOf('Bank letter for Ann Lee');
    // Declared as anything: the content decides.
    const uploaded = await buyerOf(await requests.upload(dispositions, buyer.id, pdf, 'application/octet-stream'));
    expect(uploaded).toMatchObject({
      id: buyer.id,
      proofOfFundsFileType: 'application/pdf',
      proofOfFundsAmount: 300_000,
    });
    expect(uploaded).not.toHaveProperty('proofOfFundsFileKey');
    const firstKey = (await rowOf(buyer.id))!.proofOfFundsFileKey!;
    expect(firstKey).toMatch(/^proof-of-funds\/[0-9a-f-]{36}\.pdf$/);
    expect(await storedFiles()).toContain(path.basename(firstKey));

    const served = await requests.download(viewer, buyer.id);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(served.headers.get('content-disposition')).toBe('attachment; filename="proof-of-funds-ann-lee.pdf"');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await served.arrayBuffer()).equals(pdf)).toBe(true);
    const listed = (await (await sendJson(app, 'GET', '/api/buyers', viewer.headers)).json()) as {
      buyers: BuyerView[];
    };
    expect(listed.buyers.find((each) => each.id === buyer.id)?.proofOfFundsFileType).toBe('application/pdf');

    // Replaced: the new file is served, the old one is gone from the disk.
    const png = await pngOf(1);
    const replaced = await buyerOf(await requests.upload(owner, buyer.id, png, 'image/png'));
    expect(replaced.proofOfFundsFileType).toBe('image/png');
    const secondKey = (await rowOf(buyer.id))!.proofOfFundsFileKey!;
    expect(await storedFiles()).not.toContain(path.basename(firstKey));
    expect(await storedFiles()).toContain(path.basename(secondKey));
    const image = await requests.download(owner, buyer.id);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('content-disposition')).toBe('attachment; filename="proof-of-funds-ann-lee.png"');
    expect(Buffer.from(await image.arrayBuffer()).equals(png)).toBe(true);

    // Removed: the row forgets it, the file is gone, and removing again says there is none.
    expect((await buyerOf(await requests.remove(dispositions, buyer.id))).proofOfFundsFileType).toBeNull();
    expect((await rowOf(buyer.id))!.proofOfFundsFileKey).toBeNull();
    expect(await storedFiles()).not.toContain(path.basename(secondKey));
    const gone = await requests.download(owner, buyer.id);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ error: proofOfFundsMessages.notFound, code: 'not-found' });
    expect((await requests.remove(owner, buyer.id)).status).toBe(404);
  });

  it("removes the buyer's file and their offers' files once the buyer is deleted, and editing the buyer keeps it", async () => {
    const { owner, workspaceId } = await newTestWorkspace(app, database().db);
    const buyer = await requests.create(owner, { ...ann, email: 'kept@example.com' });
    await buyerOf(await requests.upload(owner, buyer.id, pdfOf('kept')));
    const key = (await rowOf(buyer.id))!.proofOfFundsFileKey!;

    const edited = await sendJson(app, 'PUT', `/api/buyers/${buyer.id}`, owner.headers, {
      ...ann,
      email: 'kept@example.com',
      notes: 'Cash',
    });
    expect(((await edited.json()) as { buyer: BuyerView }).buyer.proofOfFundsFileType).toBe('application/pdf');
    expect((await rowOf(buyer.id))!.proofOfFundsFileKey).toBe(key);

    // The buyer's offer on a deal, with its own proof-of-funds file: it goes with the buyer (cascade).
    const [lead] = await database()
      .db.insert(leads)
      .values({
        workspaceId,
        source: 'shared-link',
        status: 'under-contract',
        address: '9 Oak St, Austin, TX 78702',
        responseKind: 'accepted',
      })
      .returning({ id: leads.id });
    const offerProof = await storeProofOfFunds(createFileStorage({ DATA_DIR: dataDir }), pdfOf('offer funds'));
    await database().db.insert(buyerOffers).values({
      workspaceId,
      leadId: lead!.id,
      buyerId: buyer.id,
      amount: 150_000,
      contactName: 'Ann Lee',
      proofOfFundsFileKey: offerProof.key,
      proofOfFundsContentType: offerProof.contentType,
    });
    expect(await storedFiles()).toContain(path.basename(offerProof.key));

    expect((await sendJson(app, 'DELETE', `/api/buyers/${buyer.id}`, owner.headers)).status).toBe(204);
    expect(await storedFiles()).not.toContain(path.basename(key));
    expect(await storedFiles()).not.toContain(path.basename(offerProof.key));
    // Removed once the delete committed, through the queue: nothing is left queued for them.
    const queued = await database()
      .db.select()
      .from(storedFileRemovals)
      .where(inArray(storedFileRemovals.key, [key, offerProof.key]));
    expect(queued).toEqual([]);
  });

  it('checks the type by content: HTML or SVG named and declared a PDF, and an empty file, are refused with nothing stored', async () => {
    const { owner } = await newTestWorkspace(app, database().db);
    const buyer = await requests.create(owner, { ...ann, email: 'typed@example.com' });
    await buyerOf(await requests.upload(owner, buyer.id, pdfOf('the real one')));
    const before = await rowOf(buyer.id);
    const filesBefore = await storedFiles();

    for (const disguised of [htmlAsPdf, svgAsPdf]) {
      const refused = await requests.upload(owner, buyer.id, disguised, 'application/pdf');
      expect(refused.status).toBe(415);
      expect(await refused.json()).toEqual({ error: proofOfFundsMessages.wrongType, code: 'unsupported-media-type' });
    }
    const empty = await requests.upload(owner, buyer.id, new Uint8Array());
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ error: proofOfFundsMessages.empty });

    expect(await rowOf(buyer.id)).toEqual(before);
    expect(await storedFiles()).toEqual(filesBefore);
    expect(
      Buffer.from(await (await requests.download(owner, buyer.id)).arrayBuffer()).equals(pdfOf('the real one')),
    ).toBe(true);
  });

  it('takes a file of exactly 10 MB and refuses one byte more, declared or not, with nothing stored', async () => {
    const { owner } = await newTestWorkspace(app, database().db);
    const buyer = await requests.create(owner, { ...ann, email: 'large@example.com' });
    const filesBefore = await storedFiles();

    const tooLarge = pdfOf('too large', MAX_PROOF_OF_FUNDS_BYTES + 1);
    const streamed = await requests.upload(owner, buyer.id, tooLarge);
    expect(streamed.status).toBe(413);
    expect(await streamed.json()).toMatchObject({ error: proofOfFundsMessages.tooLarge, code: 'payload-too-large' });
    // Declared: refused before the body is read.
    const declared = await requests.upload(owner, buyer.id, tooLarge, 'application/pdf', {
      'content-length': String(tooLarge.length),
    });
    expect(declared.status).toBe(413);
    expect(await declared.json()).toMatchObject({ error: proofOfFundsMessages.tooLarge });
    expect((await rowOf(buyer.id))!.proofOfFundsFileKey).toBeNull();
    expect(await storedFiles()).toEqual(filesBefore);

    const largest = pdfOf('the largest', MAX_PROOF_OF_FUNDS_BYTES);
    expect((await buyerOf(await requests.upload(owner, buyer.id, largest))).proofOfFundsFileType).toBe(
      'application/pdf',
    );
    expect((await requests.download(owner, buyer.id)).headers.get('content-type')).toBe('application/pdf');
  });

  it("answers another workspace's buyer as not found, storing, serving and removing nothing", async () => {
    const victim = await newTestWorkspace(app, database().db);
    const victimBuyer = await requests.create(victim.owner, { ...ann, email: 'victim@example.com' });
    const victimFile = pdfOf('victim funds');
    await buyerOf(await requests.upload(victim.owner, victimBuyer.id, victimFile));
    const attacker = await newTestWorkspace(app, database().db);
    const attackerDispositions = await attacker.join('dispositions');
    const rowBefore = await rowOf(victimBuyer.id);
    const filesBefore = await storedFiles();

    for (const outsider of [attacker.owner, attackerDispositions]) {
      const read = await requests.download(outsider, victimBuyer.id);
      expect(read.status).toBe(404);
      expect(await read.json()).toEqual({ error: buyerMessages.notFound, code: 'not-found' });
      const replaced = await requests.upload(outsider, victimBuyer.id, pdfOf('attacker'));
      expect(replaced.status).toBe(404);
      expect(await replaced.json()).toEqual({ error: buyerMessages.notFound, code: 'not-found' });
      expect((await requests.remove(outsider, victimBuyer.id)).status).toBe(404);
      expect((await sendJson(app, 'DELETE', `/api/buyers/${victimBuyer.id}`, outsider.headers)).status).toBe(404);
    }
    // Not an id at all: the same 404, never a 400 or a 500.
    expect((await requests.download(attacker.owner, '..%2F..%2Fetc')).status).toBe(404);
    expect((await requests.upload(attacker.owner, 'not-a-uuid', pdfOf('x'))).status).toBe(404);

    expect(await rowOf(victimBuyer.id)).toEqual(rowBefore);
    expect(await storedFiles()).toEqual(filesBefore);
    const still = await requests.download(victim.owner, victimBuyer.id);
    expect(Buffer.from(await still.arrayBuffer()).equals(victimFile)).toBe(true);
  });

  it('refuses a Viewer’s upload and removal with nothing changed, and an unshared Acquisitions member’s download', async () => {
    const { owner, join } = await newTestWorkspace(app, database().db);
    const viewer = await join('viewer');
    const acquisitions = await join('acquisitions');
    const buyer = await requests.create(owner, { ...ann, email: 'roles@example.com' });
    const file = pdfOf('owner upload');
    await buyerOf(await requests.upload(owner, buyer.id, file));
    const rowBefore = await rowOf(buyer.id);
    const filesBefore = await storedFiles();

    for (const refused of [
      await requests.upload(viewer, buyer.id, pdfOf('viewer upload')),
      await requests.remove(viewer, buyer.id),
    ]) {
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({ error: workspaceMessages.notAllowed, code: 'not-allowed' });
    }
    expect((await requests.upload(acquisitions, buyer.id, pdfOf('rep upload'))).status).toBe(403);
    expect((await requests.download(acquisitions, buyer.id)).status).toBe(403);
    expect(await rowOf(buyer.id)).toEqual(rowBefore);
    expect(await storedFiles()).toEqual(filesBefore);
    expect(Buffer.from(await (await requests.download(viewer, buyer.id)).arrayBuffer()).equals(file)).toBe(true);
  });
});

describeEachDatabase('proof-of-funds files in an S3-compatible bucket', (database) => {
  it('stores the file as an object, serves it, removes the replaced one and the last with the buyer', async () => {
    const dataDir = await newDataDir();
    const app = createTestApp(database(), { TRUST_PROXY: '1', DATA_DIR: dataDir, ...s3.env });
    const requests = requestsOf(app);
    const bucket = createFileStorage({ DATA_DIR: dataDir, ...s3.env });
    const { owner } = await newTestWorkspace(app, database().db);
    // Quotes in a name never reach the download's header: its file name is plain letters.
    const buyer = await requests.create(owner, { ...ann, name: `Zoë "Cash" O'Neil` });
    const keyOf = async () =>
      (await database().db.select().from(buyers).where(eq(buyers.id, buyer.id)))[0]!.proofOfFundsFileKey!;

    const pdf = pdfOf('in the bucket');
    await buyerOf(await requests.upload(owner, buyer.id, pdf));
    const firstKey = await keyOf();
    expect(Buffer.from((await bucket.get(firstKey))!).equals(pdf)).toBe(true);
    expect(await readdir(path.join(dataDir, 'files')).catch(() => [])).toEqual([]);
    const served = await requests.download(owner, buyer.id);
    expect(served.headers.get('content-disposition')).toBe('attachment; filename="proof-of-funds-zo-cash-o-neil.pdf"');
    expect(Buffer.from(await served.arrayBuffer()).equals(pdf)).toBe(true);

    const webp = await sharp(await pngOf(2))
      .webp()
      .toBuffer();
    expect((await buyerOf(await requests.upload(owner, buyer.id, webp, 'image/png'))).proofOfFundsFileType).toBe(
      'image/webp',
    );
    const secondKey = await keyOf();
    expect(await bucket.get(firstKey)).toBeUndefined();
    expect(Buffer.from((await bucket.get(secondKey))!).equals(webp)).toBe(true);

    expect((await sendJson(app, 'DELETE', `/api/buyers/${buyer.id}`, owner.headers)).status).toBe(204);
    expect(await bucket.get(secondKey)).toBeUndefined();
  });
});
