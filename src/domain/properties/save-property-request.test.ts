import { describe, expect, it } from 'vitest';
import { defaultTemplate } from '../offer/built-in-templates';
import { defaultRepairCatalog } from '../repairs/repair-catalog';
import { SavePropertyRequestSchema } from './save-property-request';

const valid = {
  address: '12 Oak St, Austin, TX',
  marketValue: 200000,
  repairs: [...defaultRepairCatalog],
  template: defaultTemplate,
  contact: { name: 'Ann Lee', email: '', phones: ['512-555-0100', ''] },
};

describe('SavePropertyRequestSchema', () => {
  it('accepts a calculation with a wholesaler contact (e-mail optional)', () => {
    expect(SavePropertyRequestSchema.safeParse(valid).success).toBe(true);
  });

  it.each([
    [{ ...valid, address: '  ' }, 'Please enter a property address'],
    [{ ...valid, marketValue: -1 }, undefined],
    [{ ...valid, contact: { ...valid.contact, phones: [''] } }, 'Phone number is required'],
    [{ ...valid, contact: { ...valid.contact, name: '' } }, 'Name is required'],
  ])('rejects %#', (input, message) => {
    const result = SavePropertyRequestSchema.safeParse(input);
    expect(result.success).toBe(false);
    if (message) expect(result.error?.issues[0]?.message).toBe(message);
  });

  const arvComps = {
    subject: { sqft: 1500 },
    comps: [{ price: 200000, soldDate: '2025-01-10', sqft: 1500 }],
    estimate: { arv: 200000, low: 190000, high: 210000, confidence: 60, used: [{ index: 0, adjustedPrice: 200000 }] },
  };

  it('carries the comps of a market value that is their ARV', () => {
    const parsed = SavePropertyRequestSchema.parse({ ...valid, marketValueSource: { kind: 'comps', arvComps } });
    expect(parsed.marketValueSource).toEqual({ kind: 'comps', arvComps });
  });

  it('refuses comps whose ARV is not the market value', () => {
    const result = SavePropertyRequestSchema.safeParse({
      ...valid,
      marketValue: 250000,
      marketValueSource: { kind: 'comps', arvComps },
    });
    expect(result.error?.issues[0]).toMatchObject({
      path: ['marketValueSource'],
      message: 'The market value is not the ARV from these comps',
    });
  });
});
