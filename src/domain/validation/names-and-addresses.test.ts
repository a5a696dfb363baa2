// Issue 25, finding 9: every schema that carries a person's name or a property address refuses
// bidirectional overrides and control characters with one message, and keeps any script.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { BulkImportPropertySchema } from '../bulk-import/bulk-import-property';
import {
  CrmContactSchema,
  HomeownerContactSchema,
  SaveContactSchema,
  SheetsContactSchema,
} from '../contact/contact-schema';
import { LeadRequestSchema } from '../leads/lead-request-schema';
import { MlsProgramSchema } from '../leads/mls-program-schema';
import { OfferAnswerRequestSchema } from '../leads/offer-answer-request';
import { defaultTemplate } from '../offer/built-in-templates';
import { CalculationInputSchema } from '../offer/offer-request-schema';
import { PersonalPageOfferRequestSchema } from '../offer/personal-page-offer-request';
import { ShareOfferRequestSchema } from '../offer/share-offer-request';
import { WholesalerProfileSchema } from '../profile/wholesaler-profile-schema';
import { SavePropertyRequestSchema } from '../properties/save-property-request';
import { invisibleCharactersMessage } from './invisible-characters';

const calculation = { address: '12 Oak St, Austin, TX', marketValue: 200000, repairs: [], template: defaultTemplate };
const contact = { name: 'Ann Lee', email: 'ann@example.com', phone: '512-555-0100' };
const program = {
  fullName: 'Ann Lee',
  phone: '512-555-0100',
  email: 'ann@example.com',
  address: '12 Oak St, Austin, TX',
  condition: 'Fair',
  timeframe: 'ASAP',
};
const accept = {
  kind: 'accept',
  address: '12 Oak St, Austin, TX',
  marketValue: 200000,
  offerRange: { low: 120000, high: 135000 },
  totalRepairCost: 0,
};
const profile = {
  handle: null,
  displayName: 'Ann Lee',
  company: 'Lee Homes',
  phone: '',
  replyToEmail: '',
  postalAddress: '1 Main St\nAustin, TX 78701',
  notifyOnLeads: false,
};
const bulkProperty = {
  firstName: 'Ann',
  lastName: 'Lee',
  address: '12 Oak St',
  marketValue: 200000,
  email: 'ann@example.com',
  offerRange: { low: 1, high: 2 },
};

type Case = [name: string, schema: z.ZodType, valid: Record<string, unknown>, path: (string | number)[]];

// Each case: a valid input and the path of one name or address in it.
const cases: Case[] = [
  ['calculation address', CalculationInputSchema, calculation, ['address']],
  [
    'save: address',
    SavePropertyRequestSchema,
    { ...calculation, contact: { name: 'Ann', email: '', phones: ['512-555-0100'] } },
    ['address'],
  ],
  [
    'save: contact name',
    SavePropertyRequestSchema,
    { ...calculation, contact: { name: 'Ann', email: '', phones: ['512-555-0100'] } },
    ['contact', 'name'],
  ],
  ['share: address', ShareOfferRequestSchema, { from: 'calculation', calculation }, ['calculation', 'address']],
  [
    'personal page: address',
    PersonalPageOfferRequestSchema,
    { address: calculation.address, marketValue: 200000, repairs: [] },
    ['address'],
  ],
  ['save contact name', SaveContactSchema, { name: 'Ann', email: '', phones: ['512-555-0100'] }, ['name']],
  ['homeowner contact name', HomeownerContactSchema, contact, ['name']],
  ['CRM contact name', CrmContactSchema, contact, ['name']],
  ['sheets contact city', SheetsContactSchema, { ...contact, city: 'Austin', state: 'TX', zipCode: '78701' }, ['city']],
  ['lead address', LeadRequestSchema, accept, ['address']],
  ['lead contact name', LeadRequestSchema, { ...accept, contact }, ['contact', 'name']],
  ['programme full name', MlsProgramSchema, program, ['fullName']],
  ['programme address', MlsProgramSchema, program, ['address']],
  ['offer answer contact name', OfferAnswerRequestSchema, { kind: 'accept', contact }, ['contact', 'name']],
  ['offer answer programme name', OfferAnswerRequestSchema, { ...program, kind: 'program' }, ['fullName']],
  ['profile display name', WholesalerProfileSchema, profile, ['displayName']],
  ['profile company', WholesalerProfileSchema, profile, ['company']],
  ['profile postal address', WholesalerProfileSchema, profile, ['postalAddress']],
  ['bulk first name', BulkImportPropertySchema, bulkProperty, ['firstName']],
  ['bulk last name', BulkImportPropertySchema, bulkProperty, ['lastName']],
  ['bulk address', BulkImportPropertySchema, bulkProperty, ['address']],
];

/** `valid` with the value at `path` replaced. */
function withValue(valid: Record<string, unknown>, path: (string | number)[], value: string): unknown {
  const [head, ...rest] = path;
  if (rest.length === 0) return { ...valid, [head!]: value };
  return { ...valid, [head!]: withValue(valid[head!] as Record<string, unknown>, rest, value) };
}

describe('names and addresses in every schema', () => {
  it.each(cases)(
    '%s: refuses a right-to-left override, a bidi isolate and a control character',
    (_, schema, valid, path) => {
      expect(schema.safeParse(valid).success).toBe(true);
      for (const hostile of ['12 Oak\u202Etxt.exe', 'Ann\u2067Lee', 'Ann\u0007Lee', '\u200FAnn']) {
        const result = schema.safeParse(withValue(valid, path, hostile));
        expect(result.success, hostile).toBe(false);
        expect(result.error?.issues[0]).toMatchObject({ message: invisibleCharactersMessage, path });
      }
    },
  );

  it.each(cases)('%s: keeps accented, Arabic, CJK and emoji text as typed', (_, schema, valid, path) => {
    for (const text of ['Zoë Ångström 5', 'شارع الملك فهد 12', '東京都 1-2', 'Ann 🏠 Lee 7']) {
      expect(schema.safeParse(withValue(valid, path, text)).success, text).toBe(true);
    }
  });

  it('allows line breaks only where a field has several lines (the postal address, a CSV address cell)', () => {
    expect(WholesalerProfileSchema.safeParse({ ...profile, postalAddress: '1 Main St\r\nAustin' }).success).toBe(true);
    expect(BulkImportPropertySchema.safeParse({ ...bulkProperty, address: '34 Elm St\nApt 2' }).success).toBe(true);
    expect(WholesalerProfileSchema.safeParse({ ...profile, company: 'Lee\nHomes' }).success).toBe(false);
    expect(CalculationInputSchema.safeParse({ ...calculation, address: '12 Oak St\nApt 2' }).success).toBe(false);
    expect(BulkImportPropertySchema.safeParse({ ...bulkProperty, lastName: 'Lee\tHomes' }).success).toBe(false);
  });
});
