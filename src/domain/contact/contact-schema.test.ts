import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../validation/field-errors';
import {
  CrmContactSchema,
  HomeownerContactSchema,
  SaveContactSchema,
  SheetsContactSchema,
  contactMessages,
  nameLinkOrMarkupMessage,
  joinPhones,
  splitFullName,
} from './contact-schema';

describe('contactMessages (§5 verbatim)', () => {
  it('matches the spec wording', () => {
    expect(contactMessages).toEqual({
      nameRequired: 'Name is required',
      emailRequired: 'Email is required',
      emailInvalid: 'Please enter a valid email address',
      emailInvalidShort: 'Invalid email format',
      phoneRequired: 'Phone number is required',
      phoneInvalid: 'Please enter a valid phone number (XXX-XXX-XXXX)',
      phoneInvalidShort: 'Invalid phone format (XXX-XXX-XXXX)',
      cityRequired: 'City is required',
      stateRequired: 'State is required',
      stateInvalid: 'Invalid state format (e.g., TX)',
      zipRequired: 'ZIP code is required',
      zipInvalid: 'Invalid ZIP code format',
    });
  });
});

describe('SaveContactSchema (wholesaler save form)', () => {
  const valid = { name: 'Jane Doe', email: 'jane@example.com', phones: ['555-123-4567'] };

  it.each([
    ['all fields', valid],
    ['no email', { ...valid, email: '' }],
    ['blank extra phones', { ...valid, phones: ['555-123-4567', '', ' '] }],
    ['five phones', { ...valid, phones: ['555-123-4567', '555-123-4568', '', '555-123-4569', '555-000-0000'] }],
  ])('accepts %s', (_label, input) => {
    expect(SaveContactSchema.safeParse(input).success).toBe(true);
  });

  it('trims text', () => {
    expect(
      SaveContactSchema.parse({ name: ' Jane ', email: ' jane@example.com ', phones: [' 555-123-4567 '] }),
    ).toEqual({
      name: 'Jane',
      email: 'jane@example.com',
      phones: ['555-123-4567'],
    });
  });

  it.each([
    ['blank name', { name: '  ' }, { name: contactMessages.nameRequired }],
    ['bad email', { email: 'jane@' }, { email: contactMessages.emailInvalid }],
    ['no phones', { phones: [] }, { 'phones.0': contactMessages.phoneRequired }],
    ['blank first phone', { phones: [''] }, { 'phones.0': contactMessages.phoneRequired }],
    ['bad first phone', { phones: ['5551234567'] }, { 'phones.0': contactMessages.phoneInvalid }],
    ['bad third phone', { phones: ['555-123-4567', '', '555-12'] }, { 'phones.2': contactMessages.phoneInvalid }],
    [
      'blank first and bad second',
      { phones: ['', '12'] },
      { 'phones.0': contactMessages.phoneRequired, 'phones.1': contactMessages.phoneInvalid },
    ],
    ['six phones', { phones: Array(6).fill('555-123-4567') }, { phones: 'At most 5 phone numbers' }],
    [
      'everything empty',
      { name: '', email: 'x', phones: [''] },
      {
        name: contactMessages.nameRequired,
        email: contactMessages.emailInvalid,
        'phones.0': contactMessages.phoneRequired,
      },
    ],
  ])('rejects %s', (_label, change, errors) => {
    expect(fieldErrors(SaveContactSchema.safeParse({ ...valid, ...change }))).toEqual(errors);
  });
});

describe('HomeownerContactSchema', () => {
  const valid = { name: 'Sam Owner', email: 'sam@example.com', phone: '555-123-4567' };

  it('accepts a complete contact', () => {
    expect(HomeownerContactSchema.parse(valid)).toEqual(valid);
  });

  it.each([
    ['blank name', { name: '' }, { name: contactMessages.nameRequired }],
    ['blank email', { email: ' ' }, { email: contactMessages.emailRequired }],
    ['bad email', { email: 'sam.example.com' }, { email: contactMessages.emailInvalid }],
    ['blank phone', { phone: '' }, { phone: contactMessages.phoneRequired }],
    ['bad phone', { phone: '555 123 4567' }, { phone: contactMessages.phoneInvalid }],
    ['name with a link', { name: 'Verify at evil.example/login' }, { name: nameLinkOrMarkupMessage }],
    ['name with an e-mail address', { name: 'Sam sam@evil.example' }, { name: nameLinkOrMarkupMessage }],
    ['name with HTML', { name: '<b>Sam</b>' }, { name: nameLinkOrMarkupMessage }],
  ])('rejects %s', (_label, change, errors) => {
    expect(fieldErrors(HomeownerContactSchema.safeParse({ ...valid, ...change }))).toEqual(errors);
  });

  it.each(['J. R. Smith', "Ann O'Neil-Park", 'Smith & Sons', 'Dr. Lee'])('accepts the plain name %s', (name) => {
    expect(HomeownerContactSchema.safeParse({ ...valid, name }).success).toBe(true);
  });
});

describe('CrmContactSchema', () => {
  const valid = { name: 'Sam Owner', email: 'sam@example.com', phone: '555-123-4567' };

  it.each([
    ['blank name', { name: '' }, { name: contactMessages.nameRequired }],
    ['blank email', { email: '' }, { email: contactMessages.emailRequired }],
    ['bad email', { email: 'sam@example' }, { email: 'Invalid email format' }],
    ['blank phone', { phone: '' }, { phone: contactMessages.phoneRequired }],
    ['bad phone', { phone: '555-1234' }, { phone: 'Invalid phone format (XXX-XXX-XXXX)' }],
  ])('rejects %s', (_label, change, errors) => {
    expect(fieldErrors(CrmContactSchema.safeParse({ ...valid, ...change }))).toEqual(errors);
  });
});

describe('SheetsContactSchema', () => {
  const valid = {
    name: 'Sam Owner',
    email: 'sam@example.com',
    phone: '555-123-4567',
    city: 'Austin',
    state: 'TX',
    zipCode: '78701',
  };

  it.each([
    ['5-digit ZIP', {}],
    ['5+4 ZIP', { zipCode: '78701-1234' }],
  ])('accepts %s', (_label, change) => {
    expect(SheetsContactSchema.safeParse({ ...valid, ...change }).success).toBe(true);
  });

  it('upper-cases the state', () => {
    expect(SheetsContactSchema.parse({ ...valid, state: ' tx ' }).state).toBe('TX');
  });

  it.each([
    ['blank city', { city: ' ' }, { city: contactMessages.cityRequired }],
    ['blank state', { state: '' }, { state: contactMessages.stateRequired }],
    ['three-letter state', { state: 'TEX' }, { state: contactMessages.stateInvalid }],
    ['digit state', { state: 'T1' }, { state: contactMessages.stateInvalid }],
    ['blank ZIP', { zipCode: '' }, { zipCode: contactMessages.zipRequired }],
    ['short ZIP', { zipCode: '7870' }, { zipCode: contactMessages.zipInvalid }],
    ['bad +4', { zipCode: '78701-12' }, { zipCode: contactMessages.zipInvalid }],
    ['CRM fields still checked', { email: 'x' }, { email: contactMessages.emailInvalidShort }],
  ])('rejects %s', (_label, change, errors) => {
    expect(fieldErrors(SheetsContactSchema.safeParse({ ...valid, ...change }))).toEqual(errors);
  });

  it('accepts exactly two-letter states, any case', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 4 }), (state) => {
        const ok = /^[a-z]{2}$/i.test(state.trim());
        expect(SheetsContactSchema.safeParse({ ...valid, state }).success).toBe(ok);
      }),
    );
  });

  it('accepts exactly 5 or 5+4 digit ZIP codes', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'0123456789-a'), maxLength: 11 }), (zipCode) => {
        const ok = /^\d{5}(-\d{4})?$/.test(zipCode);
        expect(SheetsContactSchema.safeParse({ ...valid, zipCode }).success).toBe(ok);
      }),
    );
  });
});

describe('phone validation property', () => {
  it('CRM phone passes exactly for ###-###-####', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'0123456789- '), maxLength: 14 }), (phone) => {
        const ok = /^\d{3}-\d{3}-\d{4}$/.test(phone.trim());
        expect(CrmContactSchema.safeParse({ name: 'A', email: 'a@b.co', phone }).success).toBe(ok);
      }),
    );
  });

  it('save form passes exactly when the first phone is valid and the rest are valid or blank', () => {
    const phone = fc.oneof(
      fc.constant(''),
      fc.constant('555-123-4567'),
      fc.constant('555-123'),
      fc.constant('5551234567'),
    );
    fc.assert(
      fc.property(fc.array(phone, { maxLength: 5 }), (phones) => {
        const ok = phones[0] === '555-123-4567' && phones.every((value) => value === '' || value === '555-123-4567');
        expect(SaveContactSchema.safeParse({ name: 'A', email: '', phones }).success).toBe(ok);
      }),
    );
  });
});

describe('splitFullName (§5: at the first space)', () => {
  it.each([
    ['Jane Doe', 'Jane', 'Doe'],
    ['Mary Ann Lee', 'Mary', 'Ann Lee'],
    ['Cher', 'Cher', ''],
    ['  Jane   Doe  ', 'Jane', 'Doe'],
    ['', '', ''],
  ])('%j → %j + %j', (fullName, firstName, lastName) => {
    expect(splitFullName(fullName)).toEqual({ firstName, lastName });
  });
});

describe('joinPhones (§3 contact_phone)', () => {
  it.each([
    [['555-123-4567'], '555-123-4567'],
    [['555-123-4567', '', '555-000-1111'], '555-123-4567, 555-000-1111'],
    [['', ' '], ''],
    [[], ''],
  ])('%j → %j', (phones, joined) => {
    expect(joinPhones(phones)).toBe(joined);
  });
});

describe('fieldErrors', () => {
  it('is empty on success', () => {
    expect(fieldErrors(CrmContactSchema.safeParse({ name: 'A', email: 'a@b.co', phone: '555-123-4567' }))).toEqual({});
  });

  it('keeps only the first message when a field has several issues', () => {
    const email = `${'x'.repeat(260)}@`;
    const result = HomeownerContactSchema.safeParse({ name: 'A', email, phone: '555-123-4567' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Email must be at most 254 characters',
      contactMessages.emailInvalid,
    ]);
    expect(fieldErrors(result)).toEqual({ email: 'Email must be at most 254 characters' });
  });

  it('uses "" for issues on the whole object', () => {
    expect(fieldErrors(CrmContactSchema.safeParse(null))).toEqual({ '': expect.any(String) });
  });
});
