import type { BulkImportProperty } from '#domain/bulk-import/bulk-import-property.ts';

interface Batch {
  /** Index of the batch's first row among all rows. */
  start: number;
  /** Every row's TEXT_FIELDS (names, address, e-mail, city…, phones joined by ','), one after the other. */
  text: string;
  /** Where each of those fields ends in `text` (TEXT_FIELDS per row). */
  ends: Uint32Array;
  /** Market value, offer low, offer high, repairs and square feet of each row (NaN: none). */
  figures: Float64Array;
}

// firstName, lastName, address, email, city, state, zip, the mailing address's street, city,
// state and zip ('' street: none), phones joined by ','. An absent field is kept as ''.
const TEXT_FIELDS = 12;
const FIGURES = 5;
/**
 * Rows gathered before they are packed into a batch: few enough that their strings are still in
 * the processor's cache when joined (4,096 rows took twice as long to pack).
 */
const BATCH_ROWS = 256;

/**
 * The import's valid rows, as the import worker keeps them: each batch's text in one string and
 * its figures in typed arrays. Kept as 200,000 objects, the rows also kept alive every 1 MB
 * text chunk their cells were cut from (163 MB of heap for the 50 MB benchmark file, against
 * 36 MB packed), and the garbage collector moved them all while the file was still being read.
 * Rows are added one at a time (push); the last BATCH_ROWS wait as their fields until packed.
 */
export class PackedProperties {
  private readonly batches: Batch[] = [];
  private openFields: string[] = [];
  // Each field's end is counted as it comes, while its string is at hand (a pass over 4,096 rows'
  // strings afterwards, scattered in memory, costs more).
  private openEnds = new Uint32Array(BATCH_ROWS * TEXT_FIELDS);
  private openEnd = 0;
  private openFigures = new Float64Array(BATCH_ROWS * FIGURES);
  private openRows = 0;
  length = 0;

  push(property: BulkImportProperty) {
    const { firstName, lastName, address, email = '', city = '', state = '', zip = '', mailingAddress } = property;
    const phones = property.phones ? property.phones.join(',') : '';
    const street = mailingAddress?.street ?? '';
    const mailingCity = mailingAddress?.city ?? '';
    const mailingState = mailingAddress?.state ?? '';
    const mailingZip = mailingAddress?.zip ?? '';
    this.openFields.push(
      firstName,
      lastName,
      address,
      email,
      city,
      state,
      zip,
      street,
      mailingCity,
      mailingState,
      mailingZip,
      phones,
    );
    const ends = this.openEnds;
    let field = this.openRows * TEXT_FIELDS;
    ends[field] = this.openEnd += firstName.length;
    ends[++field] = this.openEnd += lastName.length;
    ends[++field] = this.openEnd += address.length;
    ends[++field] = this.openEnd += email.length;
    ends[++field] = this.openEnd += city.length;
    ends[++field] = this.openEnd += state.length;
    ends[++field] = this.openEnd += zip.length;
    ends[++field] = this.openEnd += street.length;
    ends[++field] = this.openEnd += mailingCity.length;
    ends[++field] = this.openEnd += mailingState.length;
    ends[++field] = this.openEnd += mailingZip.length;
    ends[field + 1] = this.openEnd += phones.length;
    const at = this.openRows * FIGURES;
    const figures = this.openFigures;
    figures[at] = property.marketValue;
    figures[at + 1] = property.offerRange.low;
    figures[at + 2] = property.offerRange.high;
    figures[at + 3] = property.repairs ?? NaN;
    figures[at + 4] = property.squareFeet ?? NaN;
    this.openRows++;
    this.length++;
    if (this.openRows === BATCH_ROWS) this.pack();
  }

  append(properties: readonly BulkImportProperty[]) {
    for (const property of properties) this.push(property);
  }

  at(index: number): BulkImportProperty | undefined {
    if (!Number.isInteger(index) || index < 0 || index >= this.length) return undefined;
    this.pack();
    const batch = this.batchOf(index);
    const row = index - batch.start;
    const field = (n: number) => {
      const at = row * TEXT_FIELDS + n;
      return batch.text.slice(at === 0 ? 0 : batch.ends[at - 1], batch.ends[at]);
    };
    const figure = (n: number) => batch.figures[row * FIGURES + n]!;
    const property: BulkImportProperty = {
      firstName: field(0),
      lastName: field(1),
      address: field(2),
      marketValue: figure(0),
      offerRange: { low: figure(1), high: figure(2) },
    };
    const email = field(3);
    if (email !== '') property.email = email;
    const city = field(4);
    if (city !== '') property.city = city;
    const state = field(5);
    if (state !== '') property.state = state;
    const zip = field(6);
    if (zip !== '') property.zip = zip;
    const street = field(7);
    if (street !== '') property.mailingAddress = { street, city: field(8), state: field(9), zip: field(10) };
    const phones = field(11);
    if (phones !== '') property.phones = phones.split(',');
    const repairs = figure(3);
    if (!Number.isNaN(repairs)) property.repairs = repairs;
    const squareFeet = figure(4);
    if (!Number.isNaN(squareFeet)) property.squareFeet = squareFeet;
    return property;
  }

  /** Rows start..end-1 (as many as there are). */
  slice(start: number, end: number): BulkImportProperty[] {
    const rows: BulkImportProperty[] = [];
    for (let index = Math.max(0, start); index < Math.min(end, this.length); index++) rows.push(this.at(index)!);
    return rows;
  }

  /** Packs the rows gathered so far into a batch. */
  private pack() {
    if (this.openRows === 0) return;
    this.batches.push({
      start: this.length - this.openRows,
      text: this.openFields.join(''),
      ends: this.openEnds.slice(0, this.openRows * TEXT_FIELDS),
      figures: this.openFigures.slice(0, this.openRows * FIGURES),
    });
    this.openFields = [];
    this.openEnd = 0;
    this.openRows = 0;
  }

  private batchOf(index: number): Batch {
    let low = 0;
    let high = this.batches.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.batches[middle]!.start <= index) low = middle;
      else high = middle - 1;
    }
    return this.batches[low]!;
  }
}
