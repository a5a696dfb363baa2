import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { carriesLinkOrMarkup } from '../email/typed-text-rules';
import { parseMarketValue } from '../money/parse-market-value';
import { builtInTemplates, defaultTemplate } from '../offer/built-in-templates';
import { computeSimpleOfferRange } from '../offer/compute-offer-range';
import { hasNoInvisibleCharacters } from '../validation/invisible-characters';
import { BulkImportPropertySchema } from './bulk-import-property';
import { createCsvRowNormalizer, csvRowReasons, isPlainText, normalizeCsvRow } from './normalize-csv-row';

const headers = ['First Name', 'Last Name', 'Email', 'Property Address', 'Market Value'];
const row = (values: Partial<Record<string, string>>) => ({
  'First Name': 'Ann',
  'Last Name': 'Lee',
  Email: 'ann@example.com',
  'Property Address': '12 Oak St, Austin, TX',
  'Market Value': '250000',
  ...values,
});
const ok = (result: ReturnType<typeof normalizeCsvRow>) => {
  if (!result.ok) throw new Error(`expected a property, got: ${result.reason}`);
  return result.property;
};

describe('normalizeCsvRow: a valid row', () => {
  it('gives the §3 property with the §5 simple offer of the template', () => {
    expect(normalizeCsvRow(row({}), headers, defaultTemplate)).toEqual({
      ok: true,
      property: {
        firstName: 'Ann',
        lastName: 'Lee',
        address: '12 Oak St, Austin, TX',
        marketValue: 250000,
        email: 'ann@example.com',
        // floor(250000 × 0.7 − 20000), floor(250000 × 0.7 − 5000)
        offerRange: { low: 155000, high: 170000 },
      },
    });
  });

  it('uses the selected template', () => {
    const aggressive = builtInTemplates.find((template) => template.name === 'Aggressive Investor')!;
    expect(ok(normalizeCsvRow(row({}), headers, aggressive)).offerRange).toEqual({ low: 120000, high: 140000 });
  });

  it('trims every cell', () => {
    const property = ok(
      normalizeCsvRow(
        row({ 'First Name': '  Ann ', Email: ' ann@example.com\r', 'Market Value': ' 250000 ' }),
        headers,
        defaultTemplate,
      ),
    );
    expect(property).toMatchObject({ firstName: 'Ann', email: 'ann@example.com', marketValue: 250000 });
  });
});

describe('normalizeCsvRow: e-mail (§5 Email, Email 2 or email, must contain @)', () => {
  it.each([
    [{ Email: 'a@x.com', 'Email 2': 'b@x.com', email: 'c@x.com' }, 'a@x.com'],
    [{ Email: '', 'Email 2': 'b@x.com', email: 'c@x.com' }, 'b@x.com'],
    [{ Email: '', 'Email 2': '', email: 'c@x.com' }, 'c@x.com'],
    [{ Email: 'no email on file', 'Email 2': 'b@x.com' }, 'b@x.com'],
  ])('%o → %s', (emails, expected) => {
    const columns = ['Email', 'Email 2', 'email', 'Address', 'MarketValue'];
    const result = normalizeCsvRow({ ...emails, Address: '1 A St', MarketValue: '100000' }, columns, defaultTemplate);
    expect(ok(result).email).toBe(expected);
  });

  it.each([
    ['X<victim@example.org>', 'victim@example.org'],
    [' Ann Lee <Ann@Example.com> ', 'ann@example.com'],
    ['Victim+Offers@Example.ORG', 'victim+offers@example.org'],
  ])('keeps one real address, lower-cased: %j → %s', (email, expected) => {
    expect(ok(normalizeCsvRow(row({ Email: email }), headers, defaultTemplate)).email).toBe(expected);
  });

  it.each([
    '',
    'none',
    'ann.example.com',
    'ann @example.com',
    'a@x.com; b@y.com',
    'a@x.com,b@y.com',
    'ann@localhost',
    'X<a@x.com>, Y<b@y.com>',
    '"a b"@x.com',
  ])('refuses %j', (email) => {
    expect(normalizeCsvRow(row({ Email: email }), headers, defaultTemplate)).toEqual({
      ok: false,
      reason: csvRowReasons.email,
    });
  });

  it.each(['søren.1@example.com', 'josé@example.com', '陳@example.com', 'ann@exämple.com'])(
    'says %j is refused for its letters, not as if it were no address',
    (email) => {
      expect(normalizeCsvRow(row({ Email: email }), headers, defaultTemplate)).toEqual({
        ok: false,
        reason: csvRowReasons.emailNotAscii,
      });
    },
  );

  it('keeps the general reason when an accented value is not an address anyway', () => {
    expect(normalizeCsvRow(row({ Email: 'josé at example' }), headers, defaultTemplate)).toEqual({
      ok: false,
      reason: csvRowReasons.email,
    });
    expect(normalizeCsvRow(row({ Email: 'josé@@example' }), headers, defaultTemplate)).toEqual({
      ok: false,
      reason: csvRowReasons.email,
    });
  });

  it('ignores other e-mail-like columns (EMAIL, E-mail are not §5 columns)', () => {
    const result = normalizeCsvRow(
      { EMAIL: 'a@x.com', Address: '1 A St', 'Market Value': '100000' },
      ['EMAIL', 'Address', 'Market Value'],
      defaultTemplate,
    );
    expect(result).toEqual({ ok: false, reason: csvRowReasons.email });
  });

  it('reads duplicated Email columns in file order, first with @', () => {
    const normalize = createCsvRowNormalizer(['Email', 'Email', 'Address', 'Market Value'], defaultTemplate);
    expect(ok(normalize(['', 'second@x.com', '1 A St', '100000'])).email).toBe('second@x.com');
    expect(ok(normalize(['first@x.com', 'second@x.com', '1 A St', '100000'])).email).toBe('first@x.com');
  });
});

describe('normalizeCsvRow: address (§5 any column named *address* but not *email*)', () => {
  it.each([
    [['Address'], '1 A St'],
    [['Property Address'], '1 A St'],
    [['MAILING_ADDRESS'], '1 A St'],
    [['street address'], '1 A St'],
  ])('reads column %j', ([column], address) => {
    const result = normalizeCsvRow(
      { [column!]: address, Email: 'a@x.com', 'Market Value': '100000' },
      [column!, 'Email', 'Market Value'],
      defaultTemplate,
    );
    expect(ok(result).address).toBe(address);
  });

  it('never takes an address from an e-mail column', () => {
    const columns = ['Email Address', 'Email', 'Market Value'];
    const result = normalizeCsvRow(
      { 'Email Address': '12 Oak St', Email: 'a@x.com', 'Market Value': '100000' },
      columns,
      defaultTemplate,
    );
    expect(result).toEqual({ ok: false, reason: csvRowReasons.addressMissing });
  });

  it('takes the first address column that is a street address (a PO box mailing address is passed over)', () => {
    const columns = ['Mailing Address', 'Property Address', 'Email', 'Market Value'];
    const normalize = createCsvRowNormalizer(columns, defaultTemplate);
    expect(ok(normalize(['PO Box 12', '34 Elm St', 'a@x.com', '100000'])).address).toBe('34 Elm St');
  });

  it.each([
    ['', csvRowReasons.addressMissing],
    ['PO Box 1234', csvRowReasons.addressPoBox],
    ['p.o. box 77', csvRowReasons.addressPoBox],
    ['P O BOX 9', csvRowReasons.addressPoBox],
    ['Oak Street', csvRowReasons.addressNoNumber],
  ])('refuses %j: %s', (address, reason) => {
    expect(normalizeCsvRow(row({ 'Property Address': address }), headers, defaultTemplate)).toEqual({
      ok: false,
      reason,
    });
  });

  it('keeps a street that merely contains the letters of po box', () => {
    expect(
      ok(normalizeCsvRow(row({ 'Property Address': '12 Tempo Boxwood Ln' }), headers, defaultTemplate)).address,
    ).toBe('12 Tempo Boxwood Ln');
  });

  it('keeps line breaks from a quoted multi-line cell', () => {
    expect(ok(normalizeCsvRow(row({ 'Property Address': '34 Elm St\nApt 2' }), headers, defaultTemplate)).address).toBe(
      '34 Elm St\nApt 2',
    );
  });

  it.each([
    [{ 'Property Address': '12 Oak St\u202Etxt.exe' }, csvRowReasons.addressInvisible],
    [{ 'Property Address': '12 Oak St\u0007' }, csvRowReasons.addressInvisible],
    [{ 'Property Address': '12 Oak St\u2066Austin\u2069' }, csvRowReasons.addressInvisible],
    [
      { 'Property Address': '12 Oak\u202ESt', Email: 'none' },
      `${csvRowReasons.email}; ${csvRowReasons.addressInvisible}`,
    ],
    [{ 'First Name': 'Ann\u202E' }, csvRowReasons.nameInvisible],
    [{ 'Last Name': '\u200FLee' }, csvRowReasons.nameInvisible],
    [{ 'First Name': 'Ann\tMarie', 'Last Name': 'Lee' }, csvRowReasons.nameInvisible],
  ])('skips a row with bidi overrides or control characters in a name or the address: %j', (values, reason) => {
    expect(normalizeCsvRow(row(values), headers, defaultTemplate)).toEqual({ ok: false, reason });
  });

  it.each([
    [
      { 'Property Address': '12 Oak St - your account is locked, verify at evil.example/login' },
      csvRowReasons.addressLink,
    ],
    [{ 'Property Address': '12 Oak St <a href="https://evil.example">claim</a>' }, csvRowReasons.addressLink],
    [
      { 'Property Address': '12 Oak St, write to help@evil.example', Email: 'none' },
      `${csvRowReasons.email}; ${csvRowReasons.addressLink}`,
    ],
    [{ 'First Name': 'Visit www.evil.example' }, csvRowReasons.nameLink],
    [{ 'Last Name': '<b>Lee</b>' }, csvRowReasons.nameLink],
    [{ 'First Name': 'Ann', 'Last Name': 'Lee (paypal.com)' }, csvRowReasons.nameLink],
  ])('skips a row whose address or name would carry a link or HTML into the offer e-mail: %j', (values, reason) => {
    expect(normalizeCsvRow(row(values), headers, defaultTemplate)).toEqual({ ok: false, reason });
  });

  it('keeps addresses and names with dots and ampersands', () => {
    expect(
      ok(
        normalizeCsvRow(
          row({
            'First Name': 'J.R.',
            'Last Name': 'Lee & Sons',
            'Property Address': '4 Elm Ave. Apt 2B, St. Louis, MO',
          }),
          headers,
          defaultTemplate,
        ),
      ),
    ).toMatchObject({ firstName: 'J.R.', lastName: 'Lee & Sons', address: '4 Elm Ave. Apt 2B, St. Louis, MO' });
  });

  it('keeps accented, Arabic and CJK names and addresses', () => {
    expect(
      ok(
        normalizeCsvRow(
          row({ 'First Name': 'Zoë', 'Last Name': 'محمد', 'Property Address': '東京都 1-2, شارع 5' }),
          headers,
          defaultTemplate,
        ),
      ),
    ).toMatchObject({ firstName: 'Zoë', lastName: 'محمد', address: '東京都 1-2, شارع 5' });
  });
});

describe('normalizeCsvRow: market value (§5 four column names, $ and commas stripped, positive)', () => {
  it.each(['marketvalue', 'MarketValue', 'Market Value', 'MARKET_VALUE'])('reads column %s', (column) => {
    const result = normalizeCsvRow(
      { Email: 'a@x.com', Address: '1 A St', [column]: '100000' },
      ['Email', 'Address', column],
      defaultTemplate,
    );
    expect(ok(result).marketValue).toBe(100000);
  });

  it.each([
    ['$250,000', 250000],
    ['250,000', 250000],
    ['$ 1,250,000.00', 1250000],
    ['249999.5', 249999.5],
  ])('%j → %s', (text, value) => {
    expect(ok(normalizeCsvRow(row({ 'Market Value': text }), headers, defaultTemplate)).marketValue).toBe(value);
  });

  it('reads every figure as parseMarketValue does (the whole-dollar shortcut included)', () => {
    const figure = fc.oneof(
      fc.string({ unit: fc.constantFrom('$', ',', '0', '1', '5', '9', '.', '-', ' '), maxLength: 16 }),
      fc.integer({ min: 0, max: 2e10 }).map((value) => `$${value.toLocaleString('en-US')}`),
    );
    fc.assert(
      fc.property(figure, (text) => {
        const result = normalizeCsvRow(row({ 'Market Value': text }), headers, { ...defaultTemplate, maxProfit: 0 });
        const parsed = parseMarketValue(text.trim());
        if (text.trim() === '') expect(result).toEqual({ ok: false, reason: csvRowReasons.marketValueMissing });
        else if (parsed.ok) expect(ok(result).marketValue).toBe(parsed.value);
        else expect(result).toEqual({ ok: false, reason: csvRowReasons.marketValueInvalid });
      }),
      { numRuns: 2000 },
    );
  });

  it.each([
    ['', csvRowReasons.marketValueMissing],
    ['call for price', csvRowReasons.marketValueInvalid],
    ['0', csvRowReasons.marketValueInvalid],
    ['-250000', csvRowReasons.marketValueInvalid],
    ['1e6', csvRowReasons.marketValueInvalid],
  ])('refuses %j: %s', (text, reason) => {
    expect(normalizeCsvRow(row({ 'Market Value': text }), headers, defaultTemplate)).toEqual({ ok: false, reason });
  });

  it('refuses a value too low for any offer with the formula (a negative low)', () => {
    expect(normalizeCsvRow(row({ 'Market Value': '20000' }), headers, defaultTemplate)).toEqual({
      ok: false,
      reason: csvRowReasons.offerUnworkable,
    });
  });

  it('lists every reason of a row that fails several rules', () => {
    const result = normalizeCsvRow(
      row({ Email: '', 'Property Address': 'PO Box 1', 'Market Value': '' }),
      headers,
      defaultTemplate,
    );
    expect(result).toEqual({
      ok: false,
      reason: [csvRowReasons.email, csvRowReasons.addressPoBox, csvRowReasons.marketValueMissing].join('; '),
    });
  });
});

describe('normalizeCsvRow: names (§5)', () => {
  const base = { Email: 'a@x.com', Address: '1 A St', 'Market Value': '100000' };
  const columns = (...extra: string[]) => ['Email', 'Address', 'Market Value', ...extra];

  it.each([
    [{ 'First Name': 'Ann', 'Last Name': 'Lee' }, 'Ann', 'Lee'],
    [{ firstName: 'Ann', lastName: 'Lee' }, 'Ann', 'Lee'],
    [{ 'First Name': 'Ann Marie Lee', 'Last Name': '' }, 'Ann', 'Marie Lee'],
    [{ 'First Name': 'Ann Lee' }, 'Ann', 'Lee'],
    [{ 'First Name': 'Ann Lee', 'Last Name': 'Smith' }, 'Ann Lee', 'Smith'],
    [{ 'First Name': 'Ann', 'Last Name': '' }, 'Ann', ''],
    [{ 'First Name': '', 'Last Name': 'Lee' }, '', 'Lee'],
    // A whole name in one column, when there is no first or last name.
    [{ Name: 'Jo Park' }, 'Jo', 'Park'],
    [{ 'Full Name': 'Kim Abernathy-Longname' }, 'Kim', 'Abernathy-Longname'],
    [{ Name: 'Cher' }, 'Cher', ''],
    [{ 'First Name': 'Ann', Name: 'Jo Park' }, 'Ann', ''],
    [{ 'Last Name': 'Lee', Name: 'Jo Park' }, '', 'Lee'],
    [{ Name: 'Oak Holdings LLC' }, 'Owner', 'Oak Holdings LLC'],
  ])('%o → %s / %s', (names, firstName, lastName) => {
    const property = ok(normalizeCsvRow({ ...base, ...names }, columns(...Object.keys(names)), defaultTemplate));
    expect([property.firstName, property.lastName]).toEqual([firstName, lastName]);
  });

  it.each([
    [{ Owner: 'SMITH FAMILY TRUST' }, 'Owner', 'SMITH FAMILY TRUST'],
    [{ Owner: 'Oak Holdings LLC' }, 'Owner', 'Oak Holdings LLC'],
    [{ Company: 'Acme, Inc.' }, 'Owner', 'Acme, Inc.'],
    [{ Notes: 'owned by Lee Trust' }, 'Owner', 'owned by Lee Trust'],
    [{ Owner: 'John Lincoln' }, 'Property', 'Owner'],
    [{ Notes: 'Trustee sale' }, 'Property', 'Owner'],
    [{}, 'Property', 'Owner'],
  ])('no names, %o → %s / %s', (values, firstName, lastName) => {
    const property = ok(normalizeCsvRow({ ...base, ...values }, columns(...Object.keys(values)), defaultTemplate));
    expect([property.firstName, property.lastName]).toEqual([firstName, lastName]);
  });

  it('does not take an LLC from the address', () => {
    const property = ok(normalizeCsvRow({ ...base, Address: '1 Trust Inc Rd' }, columns(), defaultTemplate));
    expect([property.firstName, property.lastName]).toEqual(['Property', 'Owner']);
  });
});

describe('normalizeCsvRow: headers as exports write them', () => {
  it('ignores a byte-order mark and spaces around header names', () => {
    const normalize = createCsvRowNormalizer(['\uFEFFEmail', ' Address ', 'Market Value '], defaultTemplate);
    expect(ok(normalize(['a@x.com', '1 A St', '100000'])).email).toBe('a@x.com');
  });

  it('treats missing trailing cells as empty', () => {
    const normalize = createCsvRowNormalizer(['Email', 'Address', 'Market Value', 'First Name'], defaultTemplate);
    expect(ok(normalize(['a@x.com', '1 A St', '100000']))).toMatchObject({ firstName: 'Property', lastName: 'Owner' });
  });
});

describe('isPlainText (the shortcut past the invisible-character and link checks)', () => {
  it('holds only for text both checks pass', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary', maxLength: 20 }), fc.string({ maxLength: 40 })), (text) => {
        if (isPlainText(text)) {
          expect(hasNoInvisibleCharacters(text)).toBe(true);
          expect(carriesLinkOrMarkup(text)).toBe(false);
        }
      }),
      { numRuns: 5000 },
    );
  });

  it('is true for plain names and street addresses, false for what either check looks at', () => {
    for (const text of ['Ann', "O'Neil", 'Chen Wei', '12 Oak St, Austin, TX 78701', '#4-5 (rear)'])
      expect(isPlainText(text)).toBe(true);
    for (const text of ['12 Oak St.', 'a:b', 'a@b', '<b>', 'A&B', 'Zoë', '34 Elm St\nApt 2', 'Ann\u202E'])
      expect(isPlainText(text)).toBe(false);
  });
});

describe('normalizeCsvRow properties', () => {
  const text = fc.string({ maxLength: 30 });

  it('never throws, and every property it gives passes BulkImportPropertySchema with a workable §5 range', () => {
    // Workable e-mails and addresses too, or nearly every row is refused and the checks below never run.
    let accepted = 0;
    fc.assert(
      fc.property(
        fc.record({
          'First Name': text,
          'Last Name': text,
          Email: fc.oneof(text, fc.emailAddress()),
          'Property Address': fc.oneof(text, fc.stringMatching(/^\d{1,5} [A-Za-z ]{1,20}$/)),
          'Market Value': fc.oneof(text, fc.integer({ min: -10, max: 5e6 }).map(String)),
        }),
        fc.constantFrom(...builtInTemplates),
        (values, template) => {
          const result = normalizeCsvRow(values, headers, template);
          if (!result.ok) {
            expect(result.reason).not.toBe('');
            return;
          }
          accepted++;
          expect(BulkImportPropertySchema.safeParse(result.property).success).toBe(true);
          expect(result.property.offerRange).toEqual(
            computeSimpleOfferRange({ marketValue: result.property.marketValue, template }),
          );
          expect(result.property.offerRange.low).toBeGreaterThanOrEqual(0);
          expect(result.property.email).toContain('@');
          expect(result.property.address).toMatch(/\d/);
        },
      ),
    );
    expect(accepted).toBeGreaterThan(0);
  });

  it('accepts any row with an @ e-mail, a numbered street and a market value of at least $100,000', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99999 }), fc.integer({ min: 100_000, max: 1e9 }), (number, value) => {
        const result = normalizeCsvRow(
          row({ 'Property Address': `${number} Oak St`, 'Market Value': value.toLocaleString('en-US') }),
          headers,
          defaultTemplate,
        );
        expect(ok(result).marketValue).toBe(value);
      }),
    );
  });
});
