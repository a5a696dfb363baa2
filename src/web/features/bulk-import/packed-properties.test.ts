import { describe, expect, it } from 'vitest';
import type { BulkImportProperty } from '#domain/bulk-import/bulk-import-property.ts';
import { PackedProperties } from './packed-properties';

const property = (n: number, overrides: Partial<BulkImportProperty> = {}): BulkImportProperty => ({
  firstName: `First ${n}`,
  lastName: `Last ${n}`,
  address: `${n} Oak St, Austin, TX`,
  email: `owner${n}@example.com`,
  marketValue: 100_000 + n,
  offerRange: { low: 50_000 + n, high: 60_000 + n },
  ...overrides,
});

describe('PackedProperties', () => {
  it('gives back every row as it was added, across batches', () => {
    const store = new PackedProperties();
    const first = [property(0), property(1, { firstName: '', lastName: 'Owner' }), property(2)];
    const second = [property(3, { firstName: 'Zoë', lastName: 'Nguyễn', address: '7 Élodie Ct, "Unit" 2' })];
    const third = [property(4, { marketValue: 9_999_999_999, offerRange: { low: 0, high: 0 } }), property(5)];
    store.append(first);
    store.append([]);
    store.append(second);
    store.append(third);

    expect(store.length).toBe(6);
    expect(store.slice(0, 6)).toEqual([...first, ...second, ...third]);
    expect(store.at(3)).toEqual(second[0]);
    expect(store.at(4)).toEqual(third[0]);
  });

  it('gives back rows pushed one at a time, across the batches it packs them in', () => {
    const store = new PackedProperties();
    const rows = Array.from({ length: 10_000 }, (_, n) => property(n, n % 7 === 0 ? { firstName: 'Zoë' } : {}));
    for (const row of rows.slice(0, 5000)) store.push(row);
    expect(store.at(4999)).toEqual(rows[4999]);
    for (const row of rows.slice(5000)) store.push(row);

    expect(store.length).toBe(10_000);
    expect(store.slice(0, 10_000)).toEqual(rows);
  });

  it('gives back what an owner list adds: no e-mail, city, state, ZIP, mailing address, phones, repairs', () => {
    const store = new PackedProperties();
    const { email: _email, ...withoutEmail } = property(1);
    const rows: BulkImportProperty[] = [
      { ...withoutEmail, city: 'Austin', state: 'TX', zip: '78722', phones: ['5125550142', '15125550199'] },
      property(2, {
        mailingAddress: { street: 'PO Box 4411', city: 'Round Rock', state: 'TX', zip: '78680-0001' },
        repairs: 0,
        squareFeet: 1500,
      }),
      property(3, { mailingAddress: { street: '9 Elm St', city: '', state: '', zip: '' }, repairs: 12_500 }),
    ];
    store.append(rows);
    expect(store.slice(0, 3)).toStrictEqual(rows);
  });

  it('answers only for rows it has', () => {
    const store = new PackedProperties();
    expect(store.at(0)).toBeUndefined();
    store.append([property(0), property(1)]);
    expect(store.at(-1)).toBeUndefined();
    expect(store.at(2)).toBeUndefined();
    expect(store.at(0.5)).toBeUndefined();
    expect(store.slice(1, 10)).toEqual([property(1)]);
    expect(store.slice(-5, 1)).toEqual([property(0)]);
    expect(store.slice(2, 4)).toEqual([]);
  });
});
