import { defaultTemplate } from '#domain/offer/built-in-templates.ts';
import { defaultRepairCatalog } from '#domain/repairs/repair-catalog.ts';

/** A POST /api/properties body the server saves: an address, a value, the default repairs and template, a contact. */
export function savedPropertyBody() {
  return {
    address: '12 Oak St, Austin, TX',
    marketValue: 200000,
    repairs: [...defaultRepairCatalog],
    template: defaultTemplate,
    contact: { name: 'Ann Lee', email: '', phones: ['512-555-0100'] },
  };
}
