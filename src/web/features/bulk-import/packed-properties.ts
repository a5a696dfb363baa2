import type { BulkImportProperty } from '#domain/bulk-import/bulk-import-property.ts';

interface Batch {
  /** Index of the batch's first row among all rows. */
  start: number;
  /** Every row's first name, last name, address and e-mail, one after the other. */
  text: string;
  /** Where each of those fields ends in `text` (four per row). */
  ends: Uint32Array;
  /** Market value, offer low and offer high of each row. */
  figures: Float64Array;
}

const TEXT_FIELDS = 4;
const FIGURES = 3;
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

  push({ firstName, lastName, address, email, marketValue, offerRange }: BulkImportProperty) {
    this.openFields.push(firstName, lastName, address, email);
    const ends = this.openEnds;
    const field = this.openRows * TEXT_FIELDS;
    ends[field] = this.openEnd += firstName.length;
    ends[field + 1] = this.openEnd += lastName.length;
    ends[field + 2] = this.openEnd += address.length;
    ends[field + 3] = this.openEnd += email.length;
    const at = this.openRows * FIGURES;
    this.openFigures[at] = marketValue;
    this.openFigures[at + 1] = offerRange.low;
    this.openFigures[at + 2] = offerRange.high;
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
    return {
      firstName: field(0),
      lastName: field(1),
      address: field(2),
      email: field(3),
      marketValue: figure(0),
      offerRange: { low: figure(1), high: figure(2) },
    };
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
