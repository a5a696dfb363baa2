// Issue 25, finding 9, through the API: a name or an address holding a right-to-left override is
// refused before anything is stored; one in another script is kept and comes back intact in the PDFs.
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { defaultTemplate } from '#domain/offer/built-in-templates.ts';
import { defaultRepairCatalog } from '#domain/repairs/repair-catalog.ts';
import { invisibleCharactersMessage } from '#domain/validation/invisible-characters.ts';
import { readPdfText } from '#tests/support/pdf-text.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { signUpTestUser } from '#tests/support/test-users.ts';
import { offerLinks, savedProperties } from '../db/schema';

const calculation = (address: string) => ({
  address,
  marketValue: 200000,
  repairs: defaultRepairCatalog,
  template: defaultTemplate,
});
const contact = { name: 'Ann Lee', email: 'ann@example.com', phones: ['512-555-0100'] };

const post = (headers: Record<string, string>, body: unknown): RequestInit => ({
  method: 'POST',
  headers: { ...headers, 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

describeEachDatabase('names and addresses in any script, without invisible formatting', (database) => {
  let app: ReturnType<typeof createTestApp>;
  beforeAll(() => {
    app = createTestApp(database(), { TRUST_PROXY: '1' });
  });

  it.each([
    ['a right-to-left override in the address', { ...calculation('12 Oak St\u202Etxt.exe'), contact }, 'address'],
    ['a bidi isolate in the address', { ...calculation('\u206712 Oak St\u2069'), contact }, 'address'],
    [
      'a right-to-left override in the contact name',
      { ...calculation('12 Oak St'), contact: { ...contact, name: 'Ann\u202ELee' } },
      'contact.name',
    ],
    [
      'a control character in the contact name',
      { ...calculation('12 Oak St'), contact: { ...contact, name: 'Ann\u001BLee' } },
      'contact.name',
    ],
  ])('a save with %s is refused 400 and stores nothing', async (_, body, field) => {
    const { headers, user } = await signUpTestUser(app);
    const response = await app.request('/api/properties', post(headers, body));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: invisibleCharactersMessage, field });
    expect(await database().db.select().from(savedProperties).where(eq(savedProperties.workspaceId, user.id))).toEqual(
      [],
    );
  });

  it('a share with a right-to-left override in the address is refused 400 and makes no link', async () => {
    const { headers, user } = await signUpTestUser(app);
    const response = await app.request(
      '/api/offer-links',
      post(headers, { from: 'calculation', calculation: calculation('12 Oak St\u202Etxt.exe') }),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: invisibleCharactersMessage, field: 'calculation.address' });
    expect(await database().db.select().from(offerLinks).where(eq(offerLinks.userId, user.id))).toEqual([]);
  });

  it('keeps an address in other scripts as typed, and the deal sheet and letter read it back', async () => {
    const { headers } = await signUpTestUser(app);
    const address = 'Zoë Ångström, 12 شارع الملك فهد, 東京';
    const saved = await app.request(
      '/api/properties',
      post(headers, { ...calculation(address), contact: { ...contact, name: 'محمد عبد الله' } }),
    );
    expect(saved.status).toBe(201);
    const id = ((await saved.json()) as { property: { id: string; address: string } }).property.id;
    const [row] = await database().db.select().from(savedProperties).where(eq(savedProperties.id, id));
    expect(row?.address).toBe(address);

    for (const document of ['deal-sheet', 'offer-letter']) {
      const response = await app.request(
        `/api/documents/${document}`,
        post(headers, { source: { kind: 'saved', savedPropertyId: id } }),
      );
      expect(response.status).toBe(200);
      const pdf = await readPdfText(new Uint8Array(await response.arrayBuffer()));
      expect(pdf.title).toContain(address);
      expect(pdf.text).toContain('Zoë Ångström');
      // Each Arabic word whole (a long address may wrap between them).
      for (const word of ['شارع', 'الملك', 'فهد']) expect(pdf.text).toContain(word);
      // DejaVu Sans has no CJK: a visible replacement, not garbage.
      expect(pdf.text).toContain('\uFFFD\uFFFD');
    }
  });
});
