import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { builtInTemplates, defaultTemplate } from '../offer/built-in-templates';
import { computeOfferRange } from '../offer/compute-offer-range';
import { BulkImportPropertySchema, fullPropertyAddress } from './bulk-import-property';
import { createCsvImportCollector, isFailure } from './csv-import-collector';
import { listRowChannels } from './list-row-channels';
import { createCsvRowNormalizer, csvRowReasons } from './normalize-csv-row';
import { listRowReasons, readPhone, readRepairs, readState, readZip, repairsFromCondition } from './read-list-contacts';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../tests/fixtures/lists/${name}`, import.meta.url), 'utf8');

/** Reads a list as the import worker does (list mode), with the user's mapping. */
function readList(text: string, mapping = {}, template = defaultTemplate) {
  const collector = createCsvImportCollector(template, { list: { mapping } });
  const rows = Papa.parse<string[]>(text, { header: false, delimiter: ',' }).data;
  const { properties, failures } = collector.add(rows);
  return { properties, failures, outcome: collector.outcome(), collector };
}

describe('reading real list exports (issue 41)', () => {
  it('a PropStream export: city, state, ZIP, mailing address, phones; owners without e-mail kept', () => {
    const { properties, failures, outcome, collector } = readList(fixture('propstream-export.csv'));
    expect(outcome).toBe('ok');
    expect(failures).toEqual([{ row: 5, reason: csvRowReasons.marketValueMissing }]);
    expect(properties).toEqual([
      {
        firstName: 'Maria',
        lastName: 'Gomez',
        address: '2219 E 34th St',
        city: 'Austin',
        state: 'TX',
        zip: '78722',
        marketValue: 312000,
        mailingAddress: { street: 'PO Box 4411', city: 'Round Rock', state: 'TX', zip: '78680' },
        phones: ['5125550142', '5125550199'],
        offerRange: { low: 198400, high: 213400 },
      },
      {
        firstName: 'Tom',
        lastName: 'Baker',
        address: '81 Rosewood Ave',
        city: 'Austin',
        state: 'TX',
        zip: '78702',
        marketValue: 405000,
        email: 'tom.baker@example.com',
        offerRange: { low: 263500, high: 278500 },
      },
      {
        firstName: 'Lee',
        lastName: 'Chen',
        address: '9 Hillside Dr',
        city: 'Austin',
        state: 'TX',
        zip: '78745',
        marketValue: 289500,
        mailingAddress: { street: '4550 Ocean Blvd', city: 'San Diego', state: 'CA', zip: '92109' },
        offerRange: { low: 182650, high: 197650 },
      },
    ]);
    expect(collector.emailRows).toBe(1);
    expect(properties.map(listRowChannels)).toEqual([
      { channels: ['mail', 'call'], whyNot: ['no e-mail'] },
      { channels: ['email', 'mail'], whyNot: ['no phone'] },
      { channels: ['mail'], whyNot: ['no e-mail', 'no phone'] },
    ]);
    for (const property of properties) expect(BulkImportPropertySchema.parse(property)).toEqual(property);
    expect(fullPropertyAddress(properties[0]!)).toBe('2219 E 34th St, Austin, TX 78722');
  });

  it('a DealMachine export: snake_case headers, phones as typed in any format', () => {
    const { properties, outcome } = readList(fixture('dealmachine-export.csv'));
    expect(outcome).toBe('ok');
    expect(
      properties.map(({ firstName, address, city, mailingAddress, email, phones, marketValue }) => ({
        firstName,
        address,
        city,
        mailingAddress,
        email,
        phones,
        marketValue,
      })),
    ).toEqual([
      {
        firstName: 'Ada',
        address: '507 Pine St',
        city: 'Dallas',
        mailingAddress: { street: '77 Lake Rd', city: 'Plano', state: 'TX', zip: '75023' },
        email: 'ada.king@example.com',
        phones: ['2145550111'],
        marketValue: 215000,
      },
      {
        firstName: 'Omar',
        address: '12 Birch Ln',
        city: 'Dallas',
        mailingAddress: undefined,
        email: undefined,
        phones: ['2145550177', '12145550178'],
        marketValue: 198000,
      },
    ]);
  });

  it('a BatchLeads export with repairs: the offer deducts them through the repair multiplier', () => {
    const template = { ...defaultTemplate, repairMultiplier: 1.2 };
    const { properties } = readList(fixture('batchleads-export.csv'), {}, template);
    expect(properties[0]).toMatchObject({ repairs: 15000, phones: ['6025550101', '6025550102'] });
    expect(properties[0]!.mailingAddress).toBeUndefined();
    expect(properties[0]!.offerRange).toEqual(
      computeOfferRange({ marketValue: 260000, totalRepairCost: 15000, template }),
    );
    // 260,000 × 0.7 − 15,000 × 1.2 − profits
    expect(properties[0]!.offerRange).toEqual({ low: 144000, high: 159000 });
    expect(properties[1]).toMatchObject({
      email: 'ivan@example.com',
      mailingAddress: { street: '1200 W 5th Ave', city: 'Denver', state: 'CO', zip: '80204' },
      offerRange: { low: 211000, high: 226000 },
    });
    expect(properties[1]!.repairs).toBeUndefined();
  });

  it('a county tax roll: owner names and entities, the state taken from the owner living there', () => {
    const { properties } = readList(fixture('county-tax-roll.csv'));
    expect(properties[0]).toMatchObject({
      address: '1500 N Main St',
      city: 'Tulsa',
      state: 'OK',
      zip: '74106',
      marketValue: 145000,
    });
    expect(properties[0]!.mailingAddress).toBeUndefined();
    expect(listRowChannels(properties[0]!).channels).toEqual(['mail']);
    expect(properties[1]).toMatchObject({
      firstName: 'Owner',
      lastName: 'OAK HOLDINGS LLC',
      mailingAddress: { street: 'PO Box 990', city: 'Dallas', state: 'TX', zip: '75201' },
    });
    expect(properties[1]!.state).toBeUndefined();
    expect(listRowChannels(properties[1]!).channels).toEqual(['mail']);
  });

  it('a hand-made list whose value column no export uses needs mapping, then reads with it', () => {
    const text =
      'Owner Name,Street,City,ST,Zip,Zestimate guess,Cell\nJo Park,5 Elm St,Reno,NV,89501,"$210,000",775-555-0100\n';
    const unmapped = readList(text);
    expect(unmapped.outcome).toBe('needsMapping');
    expect(unmapped.collector.unmappedFields).toEqual(['marketValue']);
    expect(unmapped.collector.samples).toEqual([
      ['Jo Park', '5 Elm St', 'Reno', 'NV', '89501', '$210,000', '775-555-0100'],
    ]);
    expect(unmapped.properties).toEqual([]);

    // Remembered for the workspace (normalised, as the server keeps it), applied without asking.
    const remembered = createCsvImportCollector(defaultTemplate, {
      list: { remembered: [{ column: 'zestimateguess', field: 'marketValue' }] },
    });
    remembered.add(Papa.parse<string[]>(text, { header: false, delimiter: ',' }).data);
    expect(remembered.outcome()).toBe('ok');
    expect(remembered.emailRows).toBe(0);

    const mapped = readList(text, { marketValue: 'Zestimate guess' });
    expect(mapped.outcome).toBe('ok');
    expect(mapped.properties).toEqual([
      {
        firstName: 'Jo',
        lastName: 'Park',
        address: '5 Elm St',
        city: 'Reno',
        state: 'NV',
        zip: '89501',
        marketValue: 210000,
        phones: ['7755550100'],
        offerRange: { low: 127000, high: 142000 },
      },
    ]);
    expect(listRowChannels(mapped.properties[0]!)).toEqual({ channels: ['mail', 'call'], whyNot: ['no e-mail'] });
  });

  it('skips a row whose city or mailing address carries a link or invisible characters, or whose repairs are not an amount', () => {
    const headers = ['Address', 'City', 'Mailing Address', 'Market Value', 'Repairs'];
    const normalize = createCsvRowNormalizer(headers, defaultTemplate, { list: {} });
    expect(normalize(['1 A St', 'evil.example/login', '', '200000', ''])).toEqual({
      ok: false,
      reason: listRowReasons.textLink,
    });
    expect(normalize(['1 A St', 'Austin', '2 B St\u202E', '200000', ''])).toEqual({
      ok: false,
      reason: listRowReasons.textInvisible,
    });
    expect(normalize(['1 A St', 'Austin', '', '200000', 'lots'])).toEqual({
      ok: false,
      reason: listRowReasons.repairsInvalid,
    });
    expect(normalize(['1 A St', 'Austin', '', '100000', '$90,000'])).toEqual({
      ok: false,
      reason: csvRowReasons.offerUnworkable,
    });
  });

  it('reckons repairs from a condition and square feet when there is no repairs column', () => {
    const normalize = createCsvRowNormalizer(['Address', 'Market Value', 'Condition', 'Sq Ft'], defaultTemplate, {
      list: {},
    });
    const result = normalize(['1 A St', '300000', 'Fair', '1,500']);
    // moderate: $30–$50 per sq ft, the middle $40 × 1,500
    expect(result).toMatchObject({ ok: true, property: { repairs: 60000, squareFeet: 1500 } });
  });
});

describe('the cell readers', () => {
  it.each([
    ['tx', 'TX'],
    ['Texas', undefined],
    ['', undefined],
  ])('readState(%j) → %j', (text, expected) => expect(readState(text)).toBe(expected));

  it.each([
    ['78701', '78701'],
    ['2134', '02134'],
    ['78701-1234', '78701-1234'],
    ['787011234', '78701-1234'],
    ['7870', '07870'],
    ['787', undefined],
    ['ABCDE', undefined],
  ])('readZip(%j) → %j', (text, expected) => expect(readZip(text)).toBe(expected));

  it.each([
    ['(512) 555-0142', '5125550142'],
    ['+1 512 555 0142', '15125550142'],
    ['555-0142', undefined],
    ['n/a', undefined],
  ])('readPhone(%j) → %j', (text, expected) => expect(readPhone(text)).toBe(expected));

  it.each([
    ['$12,500', 12500],
    ['0', 0],
    ['', undefined],
    ['-5', NaN],
    ['about 5k', NaN],
  ])('readRepairs(%j) → %j', (text, expected) => expect(readRepairs(text)).toBe(expected));

  it('repairsFromCondition needs both a known condition and square feet', () => {
    expect(repairsFromCondition('Gut rehab', 1000)).toBe(120000);
    expect(repairsFromCondition('Good', undefined)).toBeUndefined();
    expect(repairsFromCondition('unknown', 1000)).toBeUndefined();
  });
});

describe('a file with the spec’s e-mail columns reads exactly as before (§5)', () => {
  const headers = ['First Name', 'Last Name', 'Email', 'Email 2', 'Property Address', 'Market Value', 'Owner'];
  const text = fc.string({ maxLength: 24 });
  const cells = fc.tuple(
    text,
    text,
    fc.oneof(text, fc.emailAddress()),
    fc.oneof(text, fc.emailAddress()),
    fc.oneof(text, fc.stringMatching(/^\d{1,5} [A-Za-z ]{1,20}$/), fc.constant('PO Box 12')),
    fc.oneof(text, fc.integer({ min: -10, max: 5e6 }).map(String)),
    fc.oneof(text, fc.constant('Oak Holdings LLC')),
  );

  it('same property for every row the spec accepts; rows only without an e-mail kept for mail or a call; other skips alike', () => {
    let kept = 0;
    fc.assert(
      fc.property(cells, fc.constantFrom(...builtInTemplates), (row, template) => {
        const spec = createCsvRowNormalizer(headers, template)(row);
        const list = createCsvRowNormalizer(headers, template, { list: {} })(row);
        if (spec.ok) {
          expect(list).toEqual(spec);
          return;
        }
        const emailReasons: string[] = [csvRowReasons.email, csvRowReasons.emailNotAscii];
        const others = spec.reason.split('; ').filter((reason) => !emailReasons.includes(reason));
        if (others.length > 0) {
          expect(list).toEqual({ ok: false, reason: others.join('; ') });
          return;
        }
        // Refused only for its e-mail: the list reads it as the spec reads it with an e-mail, without one.
        const withEmail = createCsvRowNormalizer(
          headers,
          template,
        )([...row.slice(0, 2), 'a@example.com', '', ...row.slice(4)]);
        if (withEmail.ok) {
          kept++;
          const { email: _email, ...rest } = withEmail.property;
          expect(list).toEqual({ ok: true, property: rest });
        } else expect(list).toEqual(withEmail);
      }),
      { numRuns: 3000 },
    );
    expect(kept).toBeGreaterThan(0);
  });

  it('the collector counts the same e-mail rows and the same refusals as before', () => {
    fc.assert(
      fc.property(fc.array(cells, { maxLength: 30 }), (rows) => {
        const records = [headers, ...rows];
        const spec = createCsvImportCollector(defaultTemplate);
        const before = spec.add(records);
        const list = createCsvImportCollector(defaultTemplate, { list: {} });
        const after = list.add(records);
        expect(list.emailRows).toBe(before.properties.length);
        expect(after.properties.filter((property) => property.email !== undefined)).toEqual(before.properties);
        expect(after.failures.length).toBeLessThanOrEqual(before.failures.length);
        expect(spec.outcome() === 'ok' ? list.outcome() : 'any').toBe(spec.outcome() === 'ok' ? 'ok' : 'any');
        expect(after.properties.every((property) => !isFailure(property))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
