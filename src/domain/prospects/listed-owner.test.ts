import { describe, expect, it } from 'vitest';
import { mergeProspectFields, prospectOfRow } from './listed-owner';
import { prospectKey } from './prospect-key';

describe('prospectOfRow', () => {
  it("keeps a list's row: owner's name, the home, its mailing address, phones and e-mail (with its mailbox key)", () => {
    expect(
      prospectOfRow({
        firstName: 'Ann',
        lastName: 'Lee',
        address: '2219 E 34th St',
        city: 'Austin',
        state: 'TX',
        zip: '78722',
        mailingAddress: { street: 'PO Box 9', city: 'Dallas', state: 'TX', zip: '75201' },
        phones: ['512-555-0100', '512-555-0100', '(512) 555 0199'],
        email: 'A.nn+offers@Gmail.com',
      }),
    ).toEqual({
      key: prospectKey({ address: '2219 E 34th St', ownerName: 'Ann Lee' }),
      name: 'Ann Lee',
      address: '2219 E 34th St',
      city: 'Austin',
      state: 'TX',
      zip: '78722',
      mailingAddress: { street: 'PO Box 9', city: 'Dallas', state: 'TX', zip: '75201' },
      phones: ['512-555-0100', '(512) 555 0199'],
      emails: ['a.nn+offers@gmail.com'],
      emailKeys: ['ann@gmail.com'],
    });
  });

  it('makes a prospect of a row with no e-mail, no phone and no city (a mail-only list)', () => {
    expect(prospectOfRow({ firstName: 'Owner', lastName: 'Oak Trust LLC', address: '1 Oak St' })).toMatchObject({
      name: 'Oak Trust LLC',
      city: null,
      mailingAddress: null,
      phones: [],
      emails: [],
      emailKeys: [],
    });
  });
});

describe('mergeProspectFields', () => {
  it('keeps every channel of two rows of one owner and home once', () => {
    const first = prospectOfRow({ firstName: 'Ann', lastName: 'Lee', address: '1 Oak St', email: 'ann@example.com' });
    const next = prospectOfRow({
      firstName: 'ANN',
      lastName: 'LEE',
      address: '1 Oak Street',
      city: 'Austin',
      email: 'ann.lee@example.com',
      phones: ['5125550100'],
    });
    expect(next.key).toBe(first.key);
    expect(mergeProspectFields(first, next)).toMatchObject({
      name: 'Ann Lee',
      city: 'Austin',
      emails: ['ann@example.com', 'ann.lee@example.com'],
      phones: ['5125550100'],
    });
  });
});
