// A lead for the dispositions journeys (issue 39): a homeowner's counter-offer to an offer link the
// wholesaler shares (the homeowner's own screens have their journeys), and the lead put Under
// Contract through its pipeline, as a wholesaler does it.
import { request as playwrightRequest, type Page } from '@playwright/test';
import { defaultTemplate } from '#domain/offer/built-in-templates.ts';
import { defaultRepairCatalog } from '#domain/repairs/repair-catalog.ts';
import { expect } from './fixtures';

export const DEAL_ADDRESS = '88 Birch Ln, Austin, TX 78702';

interface CounterOffer {
  /** The homeowner's price; 160,000 unless told. */
  desiredPrice?: number;
  /** The homeowner's e-mail; sam.seller@example.com unless told. */
  sellerEmail?: string;
}

/**
 * The signed-in wholesaler of `page` shares an offer link for DEAL_ADDRESS (market value 220,000);
 * Sam Seller counters it from an address of their own: the lead's id.
 */
export async function leadFromCounterOffer(page: Page, baseURL: string, counter: CounterOffer = {}) {
  const shared = await page.request.post('/api/offer-links', {
    data: {
      from: 'calculation',
      calculation: {
        address: DEAL_ADDRESS,
        marketValue: 220000,
        repairs: defaultRepairCatalog,
        template: defaultTemplate,
      },
    },
  });
  expect(shared.status(), await shared.text()).toBe(201);
  const token = ((await shared.json()) as { url: string }).url.split('/offer/')[1]!;
  const octet = () => Math.floor(Math.random() * 250) + 1;
  const homeowner = await playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': `10.39.${octet()}.${octet()}` },
  });
  try {
    const answered = await homeowner.post(`/api/public/offers/${token}/responses`, {
      data: {
        kind: 'counter',
        desiredPrice: counter.desiredPrice ?? 160000,
        contact: {
          name: 'Sam Seller',
          email: counter.sellerEmail ?? 'sam.seller@example.com',
          phone: '512-555-0199',
        },
        message: '',
      },
    });
    expect(answered.status(), await answered.text()).toBe(201);
  } finally {
    await homeowner.dispose();
  }
  const inbox = (await (await page.request.get('/api/leads-inbox')).json()) as { leads: { id: string }[] };
  return inbox.leads[0]!.id;
}

/** On the lead page `page` shows: Under Contract at `contractPrice` (as typed, "140,000"), dated `contractDate`, confirmed by Enter. */
export async function putUnderContractThroughUi(page: Page, contractPrice: string, contractDate = '2026-12-01') {
  await page.getByRole('group', { name: 'Pipeline status' }).getByRole('button', { name: 'Under Contract' }).click();
  const terms = page.getByRole('dialog', { name: 'Move to Under Contract' });
  await terms.getByLabel('Contract price ($)').fill(contractPrice);
  await terms.getByLabel('Contract date').fill(contractDate);
  await terms.getByLabel('Contract date').press('Enter');
  await expect(terms).toBeHidden();
}
