import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultTemplate } from '../offer/built-in-templates';
import { dealFromCalculation } from '../offer/deal';
import { defaultRepairCatalog } from '../repairs/repair-catalog';
import { setRepairCost, toggleRepair } from '../repairs/repair-state';
import { buildCrmPayload } from './build-crm-payload';

const repairs = setRepairCost(
  toggleRepair(toggleRepair(defaultRepairCatalog, 'New Roof'), 'Flooring'),
  'New Roof',
  9000,
);
const deal = dealFromCalculation({
  address: '12 Oak St, Austin, TX',
  marketValue: 200000,
  repairs,
  template: defaultTemplate,
});
const contact = { name: 'Mary Ann Lee', email: 'mary@example.com', phone: '512-555-0100' };
const now = new Date('2025-03-04T15:06:07.089Z');

describe('buildCrmPayload (§3 CRM export payload)', () => {
  it('has exactly the §3 fields, with selected repairs only and an ISO export date', () => {
    expect(buildCrmPayload({ contact, deal, now })).toStrictEqual({
      firstName: 'Mary',
      lastName: 'Ann Lee',
      email: 'mary@example.com',
      phone: '512-555-0100',
      address: '12 Oak St, Austin, TX',
      marketValue: 200000,
      totalRepairCost: 12000,
      repairDetails: [
        { name: 'New Roof', cost: 9000 },
        { name: 'Flooring', cost: 3000 },
      ],
      // 200000 × 0.7 − 12000 = 128000; − 20000 / − 5000.
      cashOfferLow: 108000,
      cashOfferHigh: 123000,
      exportDate: '2025-03-04T15:06:07.089Z',
      source: 'Cash Offer Calculator',
      tags: ['Cash Offer Generated', 'Calculator Export'],
    });
  });

  it('gives a one-word name an empty last name and no repairs an empty list', () => {
    const bare = dealFromCalculation({
      address: '1 A St',
      marketValue: 100000,
      repairs: [...defaultRepairCatalog],
      template: defaultTemplate,
    });
    const payload = buildCrmPayload({ contact: { ...contact, name: 'Cher' }, deal: bare, now });
    expect(payload).toMatchObject({
      firstName: 'Cher',
      lastName: '',
      repairDetails: [],
      totalRepairCost: 0,
      cashOfferLow: 50000,
      cashOfferHigh: 65000,
    });
  });

  it('returns fresh arrays (the tags constant cannot be changed through a payload)', () => {
    const first = buildCrmPayload({ contact, deal, now });
    first.tags.push('mutated');
    first.repairDetails.pop();
    expect(buildCrmPayload({ contact, deal, now }).tags).toEqual(['Cash Offer Generated', 'Calculator Export']);
    expect(deal.repairs).toHaveLength(2);
  });
});

describe('buildCrmPayload properties', () => {
  it('lists exactly the selected repairs, in order, and their total; the range follows §5', () => {
    const catalogChoices = fc.array(
      fc.record({ selected: fc.boolean(), cents: fc.integer({ min: 0, max: 5_000_000 }) }),
      {
        minLength: defaultRepairCatalog.length,
        maxLength: defaultRepairCatalog.length,
      },
    );
    fc.assert(
      fc.property(
        catalogChoices,
        fc.integer({ min: 1, max: 5_000_000 }),
        fc.date({ noInvalidDate: true }),
        (choices, marketValue, when) => {
          const items = defaultRepairCatalog.map((item, index) => ({
            ...item,
            isSelected: choices[index]!.selected,
            cost: choices[index]!.cents / 100,
          }));
          const calculation = { address: '1 A St', marketValue, repairs: items, template: defaultTemplate };
          const payload = buildCrmPayload({ contact, deal: dealFromCalculation(calculation), now: when });
          const selected = items.filter((item) => item.isSelected);
          expect(payload.repairDetails).toEqual(selected.map(({ name, cost }) => ({ name, cost })));
          expect(payload.totalRepairCost).toBeCloseTo(
            selected.reduce((sum, item) => sum + item.cost, 0),
            2,
          );
          expect(payload.cashOfferHigh - payload.cashOfferLow).toBe(
            defaultTemplate.maxProfit - defaultTemplate.minProfit,
          );
          expect(Number.isInteger(payload.cashOfferLow)).toBe(true);
          expect(payload.exportDate).toBe(when.toISOString());
          expect(payload.tags).toEqual(['Cash Offer Generated', 'Calculator Export']);
        },
      ),
    );
  });

  it('splits any two-part name back into the name given', () => {
    const word = fc.stringMatching(/^[A-Za-z'-]{1,12}$/);
    fc.assert(
      fc.property(word, fc.array(word, { minLength: 1, maxLength: 3 }), (first, rest) => {
        const name = [first, ...rest].join(' ');
        const payload = buildCrmPayload({ contact: { ...contact, name }, deal, now });
        expect(`${payload.firstName} ${payload.lastName}`).toBe(name);
        expect(payload.firstName).toBe(first);
      }),
    );
  });
});
