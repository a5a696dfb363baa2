// Writes a messy, real-world-style CRM/list export for the CSV import benchmark:
// bench/out/csv-import-50mb.csv (about 50 MB, about 300,000 rows). Never committed: generated
// at bench time (bench/out/ is ignored). Deterministic (seeded), so runs compare.
//
// Messy on purpose, like the exports wholesalers drop in: a UTF-8 byte-order mark, CRLF
// line ends, a duplicated 'Email' header, quoted cells with commas, doubled quotes and line
// breaks, blank lines, thousand separators and dollar signs in values, non-ASCII names,
// LLC/TRUST owners without names, and about 6% of rows the row rules skip
// (§5: no e-mail with an @, a PO box, no market value or one that is not a number).
import { createWriteStream, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const CSV_IMPORT_FILE = fileURLToPath(new URL('./out/csv-import-50mb.csv', import.meta.url));

const firstNames = [
  'James',
  'Mary',
  'José',
  'Patricia',
  'Robert',
  'Jennifer',
  'Michael',
  'Linda',
  'Zoë',
  'William',
  'Élodie',
  'David',
  'Søren',
  'Susan',
  'Chen Wei',
];
const lastNames = [
  'Smith',
  'Johnson',
  'Williams',
  'García',
  'Brown',
  "O'Neil",
  'Jones',
  'Müller',
  'Davis',
  'Nguyễn',
  'Martinez',
  'Wilson',
];
const streets = [
  'Oak St',
  'Maple Ave',
  'Cedar Ln',
  'Elm St',
  'Pine Rd',
  'Lakeview Dr',
  'Sunset Blvd',
  'Main St',
  'Hillcrest Ct',
  'River Rd',
];
const cities = [
  ['Austin', 'TX', '78701'],
  ['Dallas', 'TX', '75201'],
  ['Phoenix', 'AZ', '85004'],
  ['Tampa', 'FL', '33602'],
  ['Atlanta', 'GA', '30303'],
  ['Denver', 'CO', '80202'],
] as const;
const notes = [
  '',
  '',
  '',
  'Vacant',
  'Tired landlord, call after 5',
  '"Motivated" seller',
  'Roof leaks,\nneeds foundation work',
  'Probate; heirs agree',
];

/** A small, fast, seeded generator (mulberry32), so every run writes the same file. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export async function generateCsvImportFile({ targetBytes = 50 * 1000 * 1000, file = CSV_IMPORT_FILE } = {}) {
  mkdirSync(path.dirname(file), { recursive: true });
  const next = random(42);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const out = createWriteStream(file);
  const header = [
    'First Name',
    'Last Name',
    'Email',
    'Email',
    'Property Address',
    'City',
    'State',
    'Zip',
    'Mailing Address',
    'Market Value',
    'Owner',
    'Phone',
    'Last Sale Date',
    'Lead Source',
    'Notes',
  ];
  let bytes = 0;
  let rows = 0;
  const write = (text: string) => {
    bytes += Buffer.byteLength(text);
    return out.write(text);
  };
  write(`\uFEFF${header.join(',')}\r\n`);
  let buffer = '';
  let bufferedBytes = 0;
  while (bytes + bufferedBytes < targetBytes) {
    rows++;
    const roll = next();
    const [city, state, zip] = pick(cities);
    const first = pick(firstNames);
    const last = pick(lastNames);
    const number = 100 + Math.floor(next() * 9900);
    let email = `${first.split(' ')[0]!.toLowerCase()}.${rows}@example.com`;
    let propertyAddress = `${number} ${pick(streets)}, ${city}, ${state} ${zip}`;
    let value = String(80_000 + Math.floor(next() * 900) * 1000);
    let firstName = first;
    let lastName = last;
    let owner = '';
    let secondEmail = '';
    if (roll < 0.02) email = 'no email on file';
    else if (roll < 0.035) propertyAddress = 'PO Box 1234';
    else if (roll < 0.05) value = '';
    else if (roll < 0.06) value = 'call for price';
    else if (roll < 0.1) value = `$${Number(value).toLocaleString('en-US')}`;
    else if (roll < 0.2) value = Number(value).toLocaleString('en-US');
    if (roll > 0.9 && roll < 0.93) {
      firstName = '';
      lastName = '';
      owner = `${last.toUpperCase()} FAMILY ${pick(['TRUST', 'LLC', 'INC'])}`;
    } else if (roll >= 0.93 && roll < 0.95) {
      firstName = `${first} ${last}`;
      lastName = '';
    } else if (roll >= 0.95 && roll < 0.97) {
      secondEmail = email;
      email = '';
    }
    const cells = [
      firstName,
      lastName,
      email,
      secondEmail,
      propertyAddress,
      city,
      state,
      zip,
      `${number} ${pick(streets)}`,
      value,
      owner,
      `(${200 + (rows % 700)}) 555-${String(rows % 10000).padStart(4, '0')}`,
      `${1 + (rows % 12)}/${1 + (rows % 28)}/${1990 + (rows % 34)}`,
      pick(['Driving for dollars', 'Probate list', 'Absentee owner', 'Tax delinquent']),
      pick(notes),
    ];
    let line = `${cells.map(csvCell).join(',')}\r\n`;
    if (rows % 5000 === 0) line += '\r\n'; // blank lines, as spreadsheets leave them
    buffer += line;
    bufferedBytes += Buffer.byteLength(line);
    if (bufferedBytes > 1 << 20) {
      if (!write(buffer)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
      buffer = '';
      bufferedBytes = 0;
    }
  }
  write(buffer);
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  return { file, bytes: statSync(file).size, rows };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { file, bytes, rows } = await generateCsvImportFile();
  console.log(`${file}: ${(bytes / 1e6).toFixed(1)} MB, ${rows.toLocaleString('en-US')} data rows`);
}
