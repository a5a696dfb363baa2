import { dealSheet } from '#domain/documents/deal-sheet.ts';
import { offerLetter, type OfferLetterInput } from '#domain/documents/offer-letter.ts';
import type { ExportSource } from '#domain/integrations/export-request-schema.ts';
import { offerExpiresAt } from '#domain/offer/offer-validity.ts';
import type { AppContext } from '../app-context';
import type { Database } from '../db/database';
import { resolveDeal, type DealReader } from '../deals/resolve-deal';
import { Refusal } from '../http/refusal';
import { readWholesaler, type Wholesaler } from '../profile/read-wholesaler';
import { renderPdf } from './render-pdf';

export interface PdfDocument {
  /** The download's file name. */
  fileName: string;
  bytes: Buffer;
}

/** 'Cash offer – 12 Oak St, Austin, TX' → 'cash-offer-12-oak-st-austin-tx.pdf'. */
export function pdfFileName(...words: string[]): string {
  const slug = words
    .join(' ')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return `${slug || 'document'}.pdf`;
}

async function wholesalerOf(db: Database, member: DealReader) {
  const wholesaler = await readWholesaler(db, member);
  if (!wholesaler) throw new Refusal(404, 'Account not found');
  return wholesaler;
}

/**
 * The member's offer letter for a deal on screen or of their workspace: valid for 7 days from now,
 * signed with the member's own contact (their face in the workspace).
 */
export async function offerLetterFor(
  { database }: Pick<AppContext, 'database'>,
  member: DealReader,
  source: ExportSource,
  now = new Date(),
): Promise<PdfDocument> {
  const deal = await resolveDeal(database.db, member, source);
  const wholesaler = await wholesalerOf(database.db, member);
  return letterPdf(wholesaler, { ...deal, date: now, validUntil: offerExpiresAt(now) });
}

/** An offer letter signed by `wholesaler`, with the contact homeowners reach them at. */
export async function letterPdf(
  wholesaler: Wholesaler,
  letter: Omit<OfferLetterInput, 'wholesaler'>,
): Promise<PdfDocument> {
  const content = offerLetter({ ...letter, wholesaler: { ...wholesaler, email: wholesaler.replyTo } });
  return {
    fileName: pdfFileName('cash offer', letter.address),
    bytes: await renderPdf(content, { author: wholesaler.displayName }),
  };
}

/** The wholesaler's deal sheet: every input, the receipt and the seller's net sheet. */
export async function dealSheetFor(
  { database }: Pick<AppContext, 'database'>,
  member: DealReader,
  source: ExportSource,
  now = new Date(),
): Promise<PdfDocument> {
  const deal = await resolveDeal(database.db, member, source);
  const content = dealSheet({ ...deal, date: now });
  return { fileName: pdfFileName('deal sheet', deal.address), bytes: await renderPdf(content) };
}

/** A PDF answer that downloads under its name. */
export function pdfResponse({ fileName, bytes }: PdfDocument): Response {
  return new Response(new Uint8Array(bytes), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${fileName}"`,
      'cache-control': 'private, no-store',
    },
  });
}
