import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LEAD_FORM_QUERY_FIELDS, leadFormQuery, leadFormQueryMessages, leadFormUrl } from './lead-form-query';

describe('leadFormQuery (§7: the query the outside lead form reads)', () => {
  it('names the range and carries the repair total in every repair field', () => {
    expect(leadFormQuery({ low: 120000, high: 135000 }, 7000)).toEqual({
      ok: true,
      query: {
        cash_offer_range: '$120,000 - $135,000',
        estimated_repairs: '$7,000',
        repair_cost: '$7,000',
        repairs: '$7,000',
        total_repairs: '$7,000',
        repair_estimate: '$7,000',
      },
    });
  });

  it('sends the six §7 fields, in order', () => {
    const result = leadFormQuery({ low: 0, high: 0 }, 0);
    expect(result.ok && Object.keys(result.query)).toEqual([...LEAD_FORM_QUERY_FIELDS]);
    expect(result.ok && result.query.repairs).toBe('$0');
  });

  it.each([
    [{ low: Number.NaN, high: 135000 }, 0, leadFormQueryMessages.invalidRange],
    [{ low: 120000, high: Number.POSITIVE_INFINITY }, 0, leadFormQueryMessages.invalidRange],
    [{ low: '120000' as unknown as number, high: 135000 }, 0, leadFormQueryMessages.invalidRange],
    [{ low: 140000, high: 135000 }, 0, leadFormQueryMessages.invalidRange],
    [{ low: 120000, high: 135000 }, -1, leadFormQueryMessages.invalidRepairCost],
    [{ low: 120000, high: 135000 }, Number.NaN, leadFormQueryMessages.invalidRepairCost],
    [{ low: 120000, high: 135000 }, undefined as unknown as number, leadFormQueryMessages.invalidRepairCost],
  ])('refuses %o with repairs %s: %s', (range, repairs, message) => {
    expect(leadFormQuery(range, repairs)).toEqual({ ok: false, message });
  });

  it('uses the §5 wordings', () => {
    expect(leadFormQueryMessages).toEqual({
      invalidRange: 'Invalid offer range values',
      invalidRepairCost: 'Invalid repair cost value',
    });
  });

  it('round-trips through a URL for any valid range and total', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e9, max: 1e9 }),
        fc.integer({ min: 0, max: 1e9 }),
        fc.integer({ min: 0, max: 1e9 }),
        (low, spread, repairs) => {
          const result = leadFormQuery({ low, high: low + spread }, repairs);
          if (!result.ok) throw new Error(result.message);
          const url = new URL(leadFormUrl('https://forms.example.com/lead', result.query));
          expect(Object.fromEntries(url.searchParams)).toEqual(result.query);
        },
      ),
    );
  });
});

describe('leadFormUrl', () => {
  it('encodes the values', () => {
    expect(leadFormUrl('https://forms.example.com/lead', { cash_offer_range: '$120,000 - $135,000' })).toBe(
      'https://forms.example.com/lead?cash_offer_range=%24120%2C000+-+%24135%2C000',
    );
  });

  it("keeps the base's own query and replaces a field of the same name", () => {
    const url = new URL(leadFormUrl('https://forms.example.com/lead?src=calc&repairs=old#top', { repairs: '$7,000' }));
    expect(url.searchParams.get('src')).toBe('calc');
    expect(url.searchParams.getAll('repairs')).toEqual(['$7,000']);
    expect(url.hash).toBe('#top');
  });
});
