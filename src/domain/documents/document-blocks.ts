/**
 * A document as content, before any page is drawn: what the offer letter and the deal sheet say,
 * built by pure functions here and rendered to PDF by the server (src/server/documents).
 */
export type DocumentBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  /** The figure the document is about (the offer range), large. */
  | { kind: 'figure'; label: string; value: string }
  /** Label and amount pairs; `emphasis` rows are bold (totals, results). */
  | { kind: 'rows'; rows: { label: string; value: string; emphasis?: boolean }[] }
  | { kind: 'bullets'; items: string[] }
  /** Under its heading, a blank signature line and date line for each party, their role above and name below; kept on one page. */
  | { kind: 'signatures'; heading: string; parties: { role: string; name: string }[] };

export interface DocumentContent {
  /** The PDF's title (metadata) and its first line. */
  title: string;
  /** A line under the title (the date, who it is for). */
  subtitle: string;
  blocks: DocumentBlock[];
  /** The last line of every page. */
  footer: string;
}
