import { describe, expect, it } from 'vitest';
import { builtInTemplates, defaultTemplate } from '#domain/offer/built-in-templates.ts';
import { defaultRepairCatalog } from '#domain/repairs/repair-catalog.ts';
import { calculatorStateFromOfferLink } from './offer-link-prefill';

const aggressive = builtInTemplates.find((template) => template.name === 'Aggressive Investor')!;
/** The query of an offer e-mail sent before offer pages existed: nothing builds these any more. */
const search = (templateName: string) =>
  `?${new URLSearchParams({
    intent: 'accept',
    address: '12 Oak St',
    market_value: '250000',
    offer_low: '120000',
    offer_high: '140000',
    template: templateName,
  }).toString()}`;

describe('calculatorStateFromOfferLink', () => {
  it('fills in the address and market value, picks the template and shows the e-mailed range', () => {
    const state = calculatorStateFromOfferLink(
      search('Aggressive Investor'),
      defaultRepairCatalog,
      builtInTemplates,
      defaultTemplate,
    );
    expect(state).toMatchObject({ address: '12 Oak St', marketValueText: '250000', template: aggressive });
    expect(state?.offer).toMatchObject({
      input: { address: '12 Oak St', marketValue: 250000 },
      totalRepairCost: 0,
      offerRange: { low: 120000, high: 140000 },
    });
  });

  it('falls back to the starting template for an unknown one, and is null without a link', () => {
    expect(
      calculatorStateFromOfferLink(search('Gone'), defaultRepairCatalog, builtInTemplates, defaultTemplate)?.template,
    ).toBe(defaultTemplate);
    expect(calculatorStateFromOfferLink('', defaultRepairCatalog, builtInTemplates, defaultTemplate)).toBeNull();
    expect(
      calculatorStateFromOfferLink('?address=12+Oak+St', defaultRepairCatalog, builtInTemplates, defaultTemplate),
    ).toBeNull();
  });

  it.each([
    'intent=buy&address=1+A+St&market_value=100000&offer_low=1&offer_high=2&template=x',
    'intent=accept&address=&market_value=100000&offer_low=1&offer_high=2&template=x',
    'intent=accept&address=1+A+St&market_value=0&offer_low=0&offer_high=0&template=x',
    'intent=accept&address=1+A+St&market_value=100000&offer_low=3&offer_high=2&template=x',
    'intent=accept&address=1+A+St&market_value=100000&offer_low=1e3&offer_high=2000&template=x',
    'intent=accept&address=1+A+St&market_value=100000&offer_low=1&offer_high=200000&template=x',
    'address=1+A+St&market_value=100000&offer_low=1&offer_high=2',
  ])('ignores a hand-edited link %s', (query) => {
    expect(
      calculatorStateFromOfferLink(`?${query}`, defaultRepairCatalog, builtInTemplates, defaultTemplate),
    ).toBeNull();
  });
});
