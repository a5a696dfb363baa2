import { describe, expect, it } from 'vitest';
import { defaultTemplate } from '../offer/built-in-templates';
import { defaultRepairCatalog } from '../repairs/repair-catalog';
import { fieldErrors } from '../validation/field-errors';
import { CrmExportRequestSchema, SheetsExportRequestSchema } from './export-request-schema';

const calculation = {
  address: '12 Oak St',
  marketValue: 200000,
  repairs: [...defaultRepairCatalog],
  template: defaultTemplate,
};
const contact = { name: 'Ann Lee', email: 'ann@example.com', phone: '512-555-0100' };

describe('CrmExportRequestSchema', () => {
  it('accepts a calculation or a saved property id', () => {
    expect(CrmExportRequestSchema.safeParse({ source: { kind: 'calculation', calculation }, contact }).success).toBe(
      true,
    );
    expect(
      CrmExportRequestSchema.safeParse({
        source: { kind: 'saved', savedPropertyId: '6f1c1c38-8a51-4c8e-9a55-0b0e8a7c1f11' },
        contact,
      }).success,
    ).toBe(true);
  });

  it('answers with the §5 CRM form wordings', () => {
    const result = CrmExportRequestSchema.safeParse({
      source: { kind: 'calculation', calculation },
      contact: { name: ' ', email: 'x', phone: '5125550100' },
    });
    expect(fieldErrors(result)).toEqual({
      'contact.name': 'Name is required',
      'contact.email': 'Invalid email format',
      'contact.phone': 'Invalid phone format (XXX-XXX-XXXX)',
    });
  });

  it('refuses a client total or range smuggled in the calculation by ignoring it', () => {
    const parsed = CrmExportRequestSchema.parse({
      source: { kind: 'calculation', calculation: { ...calculation, totalRepairCost: 1 } },
      contact,
    });
    expect(parsed.source.kind === 'calculation' && 'totalRepairCost' in parsed.source.calculation).toBe(false);
  });

  it('refuses an unknown source', () => {
    expect(
      CrmExportRequestSchema.safeParse({ source: { kind: 'saved', savedPropertyId: 'nope' }, contact }).success,
    ).toBe(false);
    expect(CrmExportRequestSchema.safeParse({ source: { kind: 'other' }, contact }).success).toBe(false);
  });
});

describe('SheetsExportRequestSchema', () => {
  const sheetsContact = { ...contact, city: 'Austin', state: 'tx', zipCode: '78701-1234' };

  it('upper-cases the state and accepts a known time zone', () => {
    const parsed = SheetsExportRequestSchema.parse({
      source: { kind: 'calculation', calculation },
      contact: sheetsContact,
      timeZone: 'America/Chicago',
    });
    expect(parsed.contact.state).toBe('TX');
  });

  it('answers with the §5 sheets wordings and refuses an unknown time zone', () => {
    const result = SheetsExportRequestSchema.safeParse({
      source: { kind: 'calculation', calculation },
      contact: { ...sheetsContact, city: '', state: 'Texas', zipCode: '7870' },
      timeZone: 'Mars/Olympus',
    });
    expect(fieldErrors(result)).toEqual({
      'contact.city': 'City is required',
      'contact.state': 'Invalid state format (e.g., TX)',
      'contact.zipCode': 'Invalid ZIP code format',
      timeZone: 'Unknown time zone',
    });
  });
});
