import { describe, expect, it } from 'vitest';
import { offerLinkUrl } from '../../../domain/bulk-import/offer-link';
import { builtInTemplates, defaultTemplate } from '../../../domain/offer/built-in-templates';
import { defaultRepairCatalog } from '../../../domain/repairs/repair-catalog';
import { calculatorStateFromOfferLink } from './offer-link-prefill';

const aggressive = builtInTemplates.find((template) => template.name === 'Aggressive Investor')!;
const search = (templateName: string) =>
  new URL(
    offerLinkUrl('http://localhost:3000', {
      intent: 'accept',
      address: '12 Oak St',
      marketValue: 250000,
      offerRange: { low: 120000, high: 140000 },
      templateName,
    }),
  ).search;

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
});
