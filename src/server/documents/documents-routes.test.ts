// Issue 13, item 5: the offer letter and the deal sheet as PDFs with real text, for the signed-in
// wholesaler's calculation or own saved property, and an offer link's letter for its homeowner.
import { beforeAll, expect, it } from 'vitest';
import { defaultTemplate } from '#domain/offer/built-in-templates.ts';
import { defaultRepairCatalog } from '#domain/repairs/repair-catalog.ts';
import { setRepairCost, toggleRepair } from '#domain/repairs/repair-state.ts';
import { readPdfText } from '#tests/support/pdf-text.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { signUpTestUser } from '#tests/support/test-users.ts';

const repairs = setRepairCost(toggleRepair(defaultRepairCatalog, 'New Roof'), 'New Roof', 7000);
const calculation = { address: '12 Oak St, Austin, TX', marketValue: 200000, repairs, template: defaultTemplate };

const post = (headers: Record<string, string>, body: unknown): RequestInit => ({
  method: 'POST',
  headers: { ...headers, 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

async function pdfOf(response: Response) {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
  return { disposition: response.headers.get('content-disposition'), ...(await readPdfText(bytes)) };
}

describeEachDatabase('offer documents', (database) => {
  let app: ReturnType<typeof createTestApp>;
  beforeAll(() => {
    app = createTestApp(database(), { TRUST_PROXY: '1' });
  });

  async function wholesaler() {
    const signedIn = await signUpTestUser(app);
    const profile = await app.request('/api/profile', {
      method: 'PUT',
      headers: { ...signedIn.headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        handle: null,
        displayName: 'Ann Buyer',
        company: 'Oak Homes LLC',
        phone: '512-555-0100',
        replyToEmail: 'ann@oak.example',
        postalAddress: '',
        notifyOnLeads: false,
      }),
    });
    expect(profile.status).toBe(200);
    return signedIn;
  }

  it('makes the offer letter of a calculation: range, assumptions, validity and contact, no fee or profit', async () => {
    const { headers } = await wholesaler();
    const letter = await pdfOf(
      await app.request('/api/documents/offer-letter', post(headers, { source: { kind: 'calculation', calculation } })),
    );
    expect(letter.disposition).toBe('attachment; filename="cash-offer-12-oak-st-austin-tx.pdf"');
    expect(letter.pages).toBe(1);
    expect(letter.title).toBe('Cash offer for 12 Oak St, Austin, TX');
    expect(letter.text).toContain('$113,000 - $128,000');
    expect(letter.text).toMatch(/This offer is valid for 7 days \(until [A-Z][a-z]+ \d{1,2}, \d{4}\)\./);
    expect(letter.text).toContain('New Roof ($7,000)');
    expect(letter.text).toContain('Oak Homes LLC');
    expect(letter.text).toContain('Phone: 512-555-0100');
    expect(letter.text.toLowerCase()).not.toMatch(/profit|fee|multiplier/);
  });

  it('makes the deal sheet of a saved property: inputs, the receipt and the net sheet', async () => {
    const { headers } = await wholesaler();
    const saved = await app.request(
      '/api/properties',
      post(headers, { ...calculation, contact: { name: 'Owner', email: '', phones: ['512-555-0199'] } }),
    );
    const id = ((await saved.json()) as { property: { id: string } }).property.id;
    const sheet = await pdfOf(
      await app.request('/api/documents/deal-sheet', post(headers, { source: { kind: 'saved', savedPropertyId: id } })),
    );
    expect(sheet.disposition).toBe('attachment; filename="deal-sheet-12-oak-st-austin-tx.pdf"');
    for (const line of [
      'Market value (ARV) $200,000',
      'Repair: New Roof $7,000',
      `Formula template ${defaultTemplate.name}`,
      '× ARV multiplier 0.7 $140,000',
      'Repairs $7,000 × repair multiplier 1 - $7,000',
      `Offer range (${defaultTemplate.name}) $113,000 - $128,000`,
      'Seller net sheet (default assumptions)',
      'Seller nets $112,725 - $127,725',
    ])
      expect(sheet.text.replace(/ {2,}/g, ' ')).toContain(line);
  });

  it('refuses another user’s property, a visitor, a malformed body and an offer that does not work, making nothing', async () => {
    const owner = await wholesaler();
    const saved = await app.request(
      '/api/properties',
      post(owner.headers, { ...calculation, contact: { name: 'Owner', email: '', phones: ['512-555-0199'] } }),
    );
    const id = ((await saved.json()) as { property: { id: string } }).property.id;
    const intruder = await wholesaler();
    for (const path of ['/api/documents/offer-letter', '/api/documents/deal-sheet']) {
      const stolen = await app.request(
        path,
        post(intruder.headers, { source: { kind: 'saved', savedPropertyId: id } }),
      );
      expect(stolen.status).toBe(404);
      expect(await stolen.json()).toEqual({ error: 'Property not found' });
      expect((await app.request(path, post({}, { source: { kind: 'calculation', calculation } }))).status).toBe(401);
      for (const body of [
        {},
        { source: { kind: 'saved', savedPropertyId: 'not-a-uuid' } },
        { source: { kind: 'calculation' } },
      ])
        expect((await app.request(path, post(owner.headers, body))).status).toBe(400);
      const unworkable = await app.request(
        path,
        post(owner.headers, { source: { kind: 'calculation', calculation: { ...calculation, marketValue: 20000 } } }),
      );
      expect(unworkable.status).toBe(400);
      expect(unworkable.headers.get('content-type')).toContain('application/json');
    }
  });

  it('gives an offer link’s homeowner its letter, valid until the link expires; an edited token finds nothing', async () => {
    const { headers } = await wholesaler();
    const shared = await app.request('/api/offer-links', post(headers, { from: 'calculation', calculation }));
    const { url, expiresAt } = (await shared.json()) as { url: string; expiresAt: string };
    const token = url.split('/offer/')[1]!;
    const letter = await pdfOf(await app.request(`/api/public/offers/${token}/letter.pdf`));
    expect(letter.text).toContain('$113,000 - $128,000');
    expect(letter.text).toContain('Ann Buyer');
    const until = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(expiresAt));
    expect(letter.text).toContain(`until ${until}`);

    const edited = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect((await app.request(`/api/public/offers/${edited}/letter.pdf`)).status).toBe(404);
    expect((await app.request('/api/public/offers/x/letter.pdf')).status).toBe(404);
  });
});
