// Issue 41: an e-mail send of list rows. The server recomputes each offer with the row's repairs
// through the template's repair multiplier (the browser's range is ignored), keeps the row's city,
// state, ZIP, mailing address and phones, and e-mails 'Cash Offer for {street, city, state ZIP}'.
// Bad repairs, and a row without an e-mail, are refused as today, with nothing stored.
import { asc, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { bulkEmailMessage, bulkImportFieldMessages } from '#domain/bulk-import/bulk-import-property.ts';
import { defaultTemplate } from '#domain/offer/built-in-templates.ts';
import { makeBulkSender } from '#tests/support/bulk-sender.ts';
import { sendJson } from '#tests/support/send-json.ts';
import { createTestApp, TEST_AUTH_SECRET } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { signUpTestUser } from '#tests/support/test-users.ts';
import { bulkSendItems, bulkSendJobs, emailOutbox, offerLinks } from '../db/schema';
import { queueDueBulkItems } from './queue-due-bulk-items';

const listRow = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Maria',
  lastName: 'Gomez',
  email: 'maria.gomez@example.com',
  address: '2219 E 34th St',
  city: 'Austin',
  state: 'TX',
  zip: '78722',
  mailingAddress: { street: 'PO Box 4411', city: 'Round Rock', state: 'TX', zip: '78680' },
  phones: ['5125550142'],
  marketValue: 312000,
  repairs: 25000,
  // What a tampered browser claims: ignored.
  offerRange: { low: 300000, high: 310000 },
  ...overrides,
});

describeEachDatabase('an e-mail send of owner-list rows (issue 41)', (database) => {
  let app: ReturnType<typeof createTestApp>;
  beforeAll(() => {
    app = createTestApp(database(), { TRUST_PROXY: '1' });
  });

  async function sender() {
    const signedIn = await signUpTestUser(app);
    await makeBulkSender(database().db, signedIn.user.id);
    return signedIn;
  }
  const jobsOf = (userId: string) => database().db.select().from(bulkSendJobs).where(eq(bulkSendJobs.userId, userId));

  it('deducts each row’s repairs through the repair multiplier, on the server, and e-mails the full address', async () => {
    const { headers } = await sender();
    const template = { ...defaultTemplate, repairMultiplier: 1.2 };
    const response = await sendJson(app, 'POST', '/api/bulk-send', headers, {
      template,
      properties: [listRow(), listRow({ email: 'tom@example.com', address: '81 Rosewood Ave', repairs: undefined })],
    });
    expect(response.status).toBe(201);
    const { jobId } = (await response.json()) as { jobId: string };
    const items = await database()
      .db.select()
      .from(bulkSendItems)
      .where(eq(bulkSendItems.jobId, jobId))
      .orderBy(asc(bulkSendItems.position));
    // 312,000 × 0.7 − 25,000 × 1.2 − 20,000 / − 5,000
    expect(items[0]!.property).toMatchObject({
      city: 'Austin',
      state: 'TX',
      zip: '78722',
      mailingAddress: { street: 'PO Box 4411', city: 'Round Rock', state: 'TX', zip: '78680' },
      phones: ['5125550142'],
      repairs: 25000,
      offerRange: { low: 168400, high: 183400 },
    });
    // No repairs: §5's simple offer, as before.
    expect(items[1]!.property.offerRange).toEqual({ low: 198400, high: 213400 });

    await queueDueBulkItems({
      db: database().db,
      appUrl: 'http://localhost:3000',
      from: 'a@x.co',
      serverSecret: TEST_AUTH_SECRET,
      intervalMs: 0,
      batchSize: 10,
    });
    const [link] = await database().db.select().from(offerLinks).where(eq(offerLinks.bulkSendItemId, items[0]!.id));
    expect(link).toMatchObject({
      address: '2219 E 34th St, Austin, TX 78722',
      totalRepairCost: 25000,
      offerLow: 168400,
      offerHigh: 183400,
    });
    const [mail] = await database()
      .db.select({ subject: emailOutbox.subject })
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, 'maria.gomez@example.com'));
    expect(mail?.subject).toBe('Cash Offer for 2219 E 34th St, Austin, TX 78722');
  });

  it.each([
    [{ repairs: -1 }, bulkImportFieldMessages.repairs, 'properties.0.repairs'],
    [{ repairs: 12.5 }, bulkImportFieldMessages.repairs, 'properties.0.repairs'],
    [{ repairs: 1e11 }, bulkImportFieldMessages.repairs, 'properties.0.repairs'],
    [{ repairs: '5000' }, undefined, 'properties.0.repairs'],
    [{ repairs: 300000 }, 'Market value too low for a cash offer with this formula', 'properties.0.marketValue'],
    [{ state: 'Texas' }, bulkImportFieldMessages.state, 'properties.0.state'],
    [{ zip: '7872' }, bulkImportFieldMessages.zip, 'properties.0.zip'],
    [{ phones: ['1', '2'] }, bulkImportFieldMessages.phones, 'properties.0.phones.0'],
    [{ email: undefined }, undefined, 'properties.0.email'],
    [{ email: 'nobody' }, bulkEmailMessage, 'properties.0.email'],
  ])('refuses a hostile or e-mail-less row %j (400), storing nothing', async (overrides, error, field) => {
    const { headers, user } = await sender();
    const response = await sendJson(app, 'POST', '/api/bulk-send', headers, {
      template: defaultTemplate,
      properties: [listRow(overrides)],
    });
    expect(response.status).toBe(400);
    const answer = (await response.json()) as { error: string; field?: string };
    if (error) expect(answer.error).toBe(error);
    expect(answer.field).toBe(field);
    expect(await jobsOf(user.id)).toEqual([]);
  });
});
