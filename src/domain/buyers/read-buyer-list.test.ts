import { describe, expect, it } from 'vitest';
import { buyerMessages } from './buyer-request';
import { buyerListReasons, MAX_BUYER_LIST_ROWS, readBuyerList, readListDate, readListDollars } from './read-buyer-list';

const rows = (...lines: string[]) => lines.map((line) => line.split(','));

describe('readBuyerList', () => {
  it('reads a list with its columns recognised, with the buy box and proof of funds', () => {
    const read = readBuyerList([
      [
        'Buyer Name',
        'Email',
        'Phone',
        'Zips',
        'Property Type',
        'Max Price',
        'Max Rehab',
        'Strategy',
        'POF',
        'POF Expires',
      ],
      [
        'Ann Lee',
        'ANN@Example.com',
        '(512) 555-0142',
        '78702; Austin',
        'SFR',
        '$250k',
        '40,000',
        'fix and flip',
        '300000',
        '12/31/2026',
      ],
    ]);
    expect(read).toEqual({
      outcome: 'ok',
      refused: [],
      mergedRows: 0,
      buyers: [
        {
          name: 'Ann Lee',
          company: '',
          email: 'ann@example.com',
          phone: '5125550142',
          areas: ['78702', 'Austin'],
          propertyTypes: ['single-family'],
          priceMin: null,
          priceMax: 250_000,
          maxRepairs: 40_000,
          strategies: ['flip'],
          proofOfFundsAmount: 300_000,
          proofOfFundsExpiresOn: '2026-12-31',
          notes: '',
        },
      ],
    });
  });

  it('gives a reason for every refused row, by its row number in the file', () => {
    const read = readBuyerList(
      rows(
        'name,email,phone,type,min price,pof,pof expires',
        'Ann,ann@example.com,,castle,,,',
        ',bob@example.com,,,,,',
        'Cy,not-an-email,,,,,',
        'Di,di@example.com,,,cheap,,',
        'Ed,,,,,,',
        'Flo,flo@example.com,,,,1000,',
        'Gus,gus@example.com,,,,,tomorrow',
        'Hal,hal@example.com,,,,,',
      ),
    );
    expect(read.outcome === 'ok' && read.refused).toEqual([
      { row: 2, reason: buyerListReasons.propertyType('castle') },
      { row: 3, reason: buyerListReasons.noName },
      { row: 4, reason: buyerMessages.email },
      { row: 5, reason: buyerListReasons.dollars('Lowest price', 'cheap') },
      { row: 6, reason: buyerMessages.reachable },
      { row: 7, reason: buyerMessages.proofOfFundsNeedsExpiry },
      { row: 8, reason: buyerListReasons.date('tomorrow') },
    ]);
    expect(read.outcome === 'ok' && read.buyers.map((buyer) => buyer.name)).toEqual(['Hal']);
  });

  it('merges rows of one e-mail (any spelling) into one buyer, the later row filling and adding', () => {
    const read = readBuyerList(
      rows(
        'name,email,company,areas',
        'Ann,ann@gmail.com,,78702',
        'Ann Lee,A.N.N+deals@Gmail.com,Lee Homes,Austin',
        'Bob,bob@example.com,,',
      ),
    );
    expect(read.outcome).toBe('ok');
    if (read.outcome !== 'ok') return;
    expect(read.mergedRows).toBe(1);
    expect(read.buyers.map(({ name, company, areas }) => ({ name, company, areas }))).toEqual([
      { name: 'Ann Lee', company: 'Lee Homes', areas: ['78702', 'Austin'] },
      { name: 'Bob', company: '', areas: [] },
    ]);
  });

  it('asks for the name and e-mail columns when none is recognised, with sample rows; reads the file once they are mapped', () => {
    const records = rows('Investor,Reach,Buy Zip', 'Ann,ann@example.com,78702', 'Bob,bob@example.com,78701');
    expect(readBuyerList(records)).toEqual({
      outcome: 'needsMapping',
      headers: ['Investor', 'Reach', 'Buy Zip'],
      samples: [
        ['Ann', 'ann@example.com', '78702'],
        ['Bob', 'bob@example.com', '78701'],
      ],
      fields: ['name', 'email'],
    });
    const mapped = readBuyerList(records, { name: 'Investor', email: 'reach', areas: 'Buy Zip' });
    expect(mapped.outcome === 'ok' && mapped.buyers.map(({ name, email, areas }) => [name, email, areas])).toEqual([
      ['Ann', 'ann@example.com', ['78702']],
      ['Bob', 'bob@example.com', ['78701']],
    ]);
  });

  it('says there is no data for an empty file or a header alone', () => {
    expect(readBuyerList([])).toEqual({ outcome: 'noData' });
    expect(
      readBuyerList([
        ['name', 'email'],
        ['', ''],
      ]),
    ).toEqual({ outcome: 'noData' });
  });

  it(`reads at most ${MAX_BUYER_LIST_ROWS} rows and says where it stopped`, () => {
    const records = [
      ['name', 'email'],
      ...Array.from({ length: MAX_BUYER_LIST_ROWS + 2 }, (_, at) => [`B${at}`, `b${at}@example.com`]),
    ];
    const read = readBuyerList(records);
    expect(read.outcome === 'ok' && read.buyers.length).toBe(MAX_BUYER_LIST_ROWS);
    expect(read.outcome === 'ok' && read.refused).toEqual([
      { row: MAX_BUYER_LIST_ROWS + 2, reason: buyerListReasons.tooManyRows },
    ]);
  });
});

describe('cells', () => {
  it.each([
    ['', null],
    ['$250,000', 250_000],
    ['250k', 250_000],
    ['1.2M', 1_200_000],
    ['abc', Number.NaN],
  ])('reads dollars %s', (text, expected) => {
    expect(readListDollars(text)).toEqual(expected);
  });

  it.each([
    ['', null],
    ['2026-12-31', '2026-12-31'],
    ['1/5/2027', '2027-01-05'],
    ['soon', undefined],
  ])('reads the date %s', (text, expected) => {
    expect(readListDate(text)).toEqual(expected);
  });
});
