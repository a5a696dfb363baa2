import { describe, expect, it } from 'vitest';
import { revisedOfferEmail, type RevisedOfferEmailInput } from './revised-offer-email';

const input: RevisedOfferEmailInput = {
  unsubscribeUrl: 'https://app.example/unsubscribe?token=t',
  sender: { name: 'Lee Homes', postalAddress: '1 Main St, Austin, TX 78701' },
  address: '12 Oak St, Austin, TX',
  offerRange: { low: 108000, high: 123000 },
  offerUrl: 'https://app.example/offer/abc',
  letterUrl: 'https://app.example/offer/abc/letter.pdf',
  expiresAt: new Date('2026-12-06T12:00:00Z'),
  homeownerName: 'Ann',
  wholesaler: { displayName: 'Dan Lee', company: 'Lee Homes', phone: '' },
  message: '',
};

describe('revisedOfferEmail', () => {
  it('carries the figures the range was computed from, as far as the homeowner is shown them', () => {
    const { text, html } = revisedOfferEmail({
      ...input,
      figures: {
        marketValue: 200000,
        repairs: [
          { name: 'New Roof', cost: 7000 },
          { name: 'HVAC <Replacement>', cost: 5000 },
        ],
        totalRepairCost: 12000,
      },
    });
    expect(text).toContain('$108,000 - $123,000');
    expect(text).toContain(
      'Based on:\nMarket value once repaired: $200,000\nRepairs: $12,000 (New Roof $7,000, HVAC <Replacement> $5,000)',
    );
    expect(html).toContain('HVAC &lt;Replacement&gt; $5,000');
  });

  it('leaves out what the workspace hides, and says nothing of figures when it hides them all', () => {
    const repairsOnly = revisedOfferEmail({
      ...input,
      figures: { marketValue: null, repairs: [{ name: 'New Roof', cost: 7000 }], totalRepairCost: 7000 },
    });
    expect(repairsOnly.text).toContain('Repairs: $7,000 (New Roof $7,000)');
    expect(repairsOnly.text).not.toContain('Market value');
    const rangeOnly = revisedOfferEmail({
      ...input,
      figures: { marketValue: null, repairs: null, totalRepairCost: null },
    });
    expect(rangeOnly.text).not.toContain('Based on');
    expect(rangeOnly.text).not.toContain('Repairs');
  });
});
