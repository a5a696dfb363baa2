import { describe, expect, it } from 'vitest';
import {
  listColumnAliases,
  recogniseListColumns,
  unrecognisedMailingFields,
  unrecognisedNeededFields,
} from './list-columns';

const fieldsOf = (headers: string[], mapping = {}) => {
  const columns = recogniseListColumns(headers, mapping);
  return Object.fromEntries(
    Object.entries(columns)
      .filter(([, indexes]) => indexes.length > 0)
      .map(([field, indexes]) => [field, indexes.map((index) => headers[index])]),
  );
};

describe('recogniseListColumns: the spellings of real exports, case-insensitively', () => {
  it.each([
    [
      'PropStream',
      ['Address', 'City', 'State', 'Zip', 'Owner 1 First Name', 'Owner 1 Last Name', 'Mailing Address', 'Mailing City'],
      {
        address: ['Address'],
        city: ['City'],
        state: ['State'],
        zip: ['Zip'],
        firstName: ['Owner 1 First Name'],
        lastName: ['Owner 1 Last Name'],
        mailingAddress: ['Mailing Address'],
        mailingCity: ['Mailing City'],
      },
    ],
    [
      'PropStream value and contacts',
      ['Mailing State', 'Mailing Zip', 'Est. Value', 'Email 1', 'Email 2', 'Phone 1', 'Phone 2'],
      {
        mailingState: ['Mailing State'],
        mailingZip: ['Mailing Zip'],
        marketValue: ['Est. Value'],
        email: ['Email 1', 'Email 2'],
        phone: ['Phone 1', 'Phone 2'],
      },
    ],
    [
      'DealMachine',
      [
        'property_address_line_1',
        'property_address_city',
        'owner_address_line_1',
        'estimated_value',
        'email_address_1',
      ],
      {
        address: ['property_address_line_1'],
        city: ['property_address_city'],
        mailingAddress: ['owner_address_line_1'],
        marketValue: ['estimated_value'],
        email: ['email_address_1'],
      },
    ],
    [
      'BatchLeads',
      ['Property Address', 'Property Zip', 'Mobile 1', 'Landline 1', 'Repair Cost', 'Estimated Value'],
      {
        address: ['Property Address'],
        zip: ['Property Zip'],
        phone: ['Mobile 1', 'Landline 1'],
        repairs: ['Repair Cost'],
        marketValue: ['Estimated Value'],
      },
    ],
    [
      'a county tax roll',
      ['Owner Name', 'Situs Address', 'Situs City', 'Mail Address', 'Mail Zip', 'Assessed Value'],
      {
        fullName: ['Owner Name'],
        address: ['Situs Address'],
        city: ['Situs City'],
        mailingAddress: ['Mail Address'],
        mailingZip: ['Mail Zip'],
        marketValue: ['Assessed Value'],
      },
    ],
    [
      'a hand-made list, any case',
      ['OWNER NAME', 'street', 'ZIP CODE', 'value', 'cell', 'REHAB', 'sq ft', 'condition'],
      {
        fullName: ['OWNER NAME'],
        address: ['street'],
        zip: ['ZIP CODE'],
        marketValue: ['value'],
        phone: ['cell'],
        repairs: ['REHAB'],
        squareFeet: ['sq ft'],
        condition: ['condition'],
      },
    ],
  ])('%s', (_, headers, expected) => {
    expect(fieldsOf(headers)).toEqual(expected);
  });

  it('keeps every alias in its normalised form (lower case, no spaces or punctuation), each for one field', () => {
    const seen = new Map<string, string>();
    for (const [field, aliases] of Object.entries(listColumnAliases)) {
      for (const alias of aliases) {
        expect(alias).toMatch(/^[a-z0-9]+$/);
        expect(seen.get(alias), `${alias} is listed for ${seen.get(alias)} and ${field}`).toBeUndefined();
        seen.set(alias, field);
      }
    }
  });

  it('reads a mapped column for its field first, and for no other', () => {
    const headers = ['Situs', 'Zestimate guess', 'Est. Value'];
    expect(fieldsOf(headers, { marketValue: 'zestimate GUESS' })).toEqual({
      marketValue: ['Zestimate guess', 'Est. Value'],
    });
    expect(fieldsOf(['Value', 'Notes'], { address: 'value' })).toEqual({ address: ['Value'] });
  });
});

describe('unrecognisedNeededFields: what the mapping step asks for', () => {
  it.each([
    [['Email', 'Address', 'Market Value'], []],
    [['Email', 'Property Address', 'MARKET_VALUE'], []],
    [['Owner 1 First Name', 'Address', 'Est. Value'], []],
    [['Name', 'Street', 'Zestimate guess'], ['marketValue']],
    [
      ['Name', 'Where', 'Zestimate guess'],
      ['address', 'marketValue'],
    ],
    [['Owner Mailing Address', 'Value'], []],
  ])('%j → %j', (headers, expected) => {
    expect(unrecognisedNeededFields(headers)).toEqual(expected);
  });

  it('asks for nothing once the column is mapped', () => {
    expect(unrecognisedNeededFields(['Name', 'Street', 'Zestimate guess'], { marketValue: 'Zestimate guess' })).toEqual(
      [],
    );
  });
});

describe('unrecognisedMailingFields: the mailing address the mapping step offers too', () => {
  it.each([
    [['Address', 'Value', 'Mailing Address', 'Mailing City', 'Mailing State', 'Mailing Zip'], []],
    [
      ['Address', 'Value', 'Owner Mailing Address', 'Mailing City'],
      ['mailingState', 'mailingZip'],
    ],
    [
      ['Address', 'Value', 'Where to write', 'Town'],
      ['mailingAddress', 'mailingCity', 'mailingState', 'mailingZip'],
    ],
  ])('%j → %j', (headers, expected) => {
    expect(unrecognisedMailingFields(headers)).toEqual(expected);
  });

  it('offers nothing a column is mapped to', () => {
    expect(
      unrecognisedMailingFields(['Address', 'Value', 'Where to write', 'Town'], {
        mailingAddress: 'Where to write',
        mailingCity: 'Town',
      }),
    ).toEqual(['mailingState', 'mailingZip']);
  });
});
