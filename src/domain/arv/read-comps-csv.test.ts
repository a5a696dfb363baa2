import { describe, expect, it } from 'vitest';
import { mapCompHeaders, readCompRows, readSaleDate } from './read-comps-csv';

describe('mapCompHeaders', () => {
  it('maps RESO Data Dictionary names', () => {
    expect(
      mapCompHeaders([
        'ClosePrice',
        'CloseDate',
        'LivingArea',
        'BedroomsTotal',
        'BathroomsTotalInteger',
        'YearBuilt',
        'LotSizeSquareFeet',
        'Latitude',
        'Longitude',
        'UnparsedAddress',
      ]),
    ).toEqual({
      price: 'ClosePrice',
      soldDate: 'CloseDate',
      sqft: 'LivingArea',
      beds: 'BedroomsTotal',
      baths: 'BathroomsTotalInteger',
      yearBuilt: 'YearBuilt',
      lotSqft: 'LotSizeSquareFeet',
      lat: 'Latitude',
      lng: 'Longitude',
      address: 'UnparsedAddress',
    });
  });
  it("maps Redfin's sold export and PropStream's names", () => {
    expect(
      mapCompHeaders([
        'SOLD DATE',
        'PRICE',
        'SQUARE FEET',
        'BEDS',
        'BATHS',
        'YEAR BUILT',
        'LOT SIZE',
        'LATITUDE',
        'LONGITUDE',
        'ADDRESS',
      ]),
    ).toMatchObject({
      price: 'PRICE',
      soldDate: 'SOLD DATE',
      sqft: 'SQUARE FEET',
      beds: 'BEDS',
      baths: 'BATHS',
      yearBuilt: 'YEAR BUILT',
      lotSqft: 'LOT SIZE',
      address: 'ADDRESS',
    });
    expect(
      mapCompHeaders([
        'Address',
        'Last Sale Amount',
        'Last Sale Recording Date',
        'Living Sq Ft',
        'Bedrooms',
        'Total Bathrooms',
      ]),
    ).toMatchObject({
      price: 'Last Sale Amount',
      soldDate: 'Last Sale Recording Date',
      sqft: 'Living Sq Ft',
      beds: 'Bedrooms',
      baths: 'Total Bathrooms',
    });
  });
});

describe('readSaleDate', () => {
  it.each([
    ['2024-05-31', '2024-05-31'],
    ['5/31/2024', '2024-05-31'],
    ['05-31-24', '2024-05-31'],
    ['May-31-2024', '2024-05-31'],
    ['May 31, 2024', '2024-05-31'],
    ['20141013T000000', '2014-10-13'],
    ['soon', undefined],
  ])('%s → %s', (text, date) => expect(readSaleDate(text)).toBe(date));
});

describe('readCompRows', () => {
  it('types usable rows and lists the others with their line and reason', () => {
    const headers = ['ADDRESS', 'PRICE', 'SOLD DATE', 'SQUARE FEET', 'BEDS'];
    const read = readCompRows(
      [
        { ADDRESS: '1 Elm St', PRICE: '$500,000', 'SOLD DATE': 'May-31-2024', 'SQUARE FEET': '1,500', BEDS: '3' },
        { ADDRESS: '2 Elm St', PRICE: '', 'SOLD DATE': 'May-31-2024', 'SQUARE FEET': '1500', BEDS: '3' },
        { ADDRESS: '3 Elm St', PRICE: '-5', 'SOLD DATE': 'May-31-2024', 'SQUARE FEET': '1500', BEDS: '3' },
      ],
      headers,
    );
    expect(read.comps).toEqual([{ address: '1 Elm St', price: 500000, soldDate: '2024-05-31', sqft: 1500, beds: 3 }]);
    expect(read.rejected).toEqual([
      { line: 3, reason: 'no usable price' },
      { line: 4, reason: expect.stringMatching(/^price: /) },
    ]);
  });
});
