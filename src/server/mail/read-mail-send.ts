import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { mailPieceContent, type MailPieceContent } from '#domain/mail/mail-piece-content.ts';
import type { WorkspaceMember } from '#domain/workspaces/roles.ts';
import type { AppContext } from '../app-context';
import type { Database } from '../db/database';
import { mailPieces, mailSends, mailShortCodes, offerLinks } from '../db/schema';
import { ownedRow } from '../db/workspace-scope';
import { Refusal } from '../http/refusal';
import { readSettings } from '../integrations/wholesaler-settings';
import { assertMemberMayMail } from './create-mail-send';
import { openShortCode } from './short-code-seal';

/** The workspace setting that holds its own disclosure, printed on every piece (issue 41). */
export const MAIL_DISCLOSURE_SETTING = 'mail_disclosure';

export const mailSendNotFound = 'Mail send not found';

/** Pieces read per query while a send is drawn: a page of them at a time, never the whole send. */
const PIECES_PER_READ = 100;

export type MailSend = typeof mailSends.$inferSelect;

/** A mail send of the member's workspace; another workspace's (or an unknown) id is a 404. */
export async function findMailSend(db: Database, member: Pick<WorkspaceMember, 'workspaceId'>, sendId: string) {
  const [send] = await db
    .select()
    .from(mailSends)
    .where(ownedRow(mailSends, sendId, member));
  if (!send) throw new Refusal(404, mailSendNotFound, { code: 'not-found' });
  return send;
}

/** A piece as it is printed, with whom and where it goes (for the mail house). */
export interface PrintedPiece {
  id: string;
  position: number;
  ownerName: string;
  mailingAddress: (typeof mailPieces.$inferSelect)['mailingAddress'];
  content: MailPieceContent;
}

/**
 * A send's pieces in envelope order, each as its content: signed by the member who sent it (their
 * profile now, through assertMemberMayMail's checks), with the workspace's disclosure, each
 * property's short code opened from its seal. Read a page at a time. `onlyPieceId` reads one piece (its preview). Refuses (before any piece is
 * read, so before a download starts) when the sender's profile no longer passes the checks.
 */
export async function printedPieces(
  { env, database, serverSecret }: Pick<AppContext, 'env' | 'database' | 'serverSecret'>,
  send: MailSend,
  { onlyPieceId }: { onlyPieceId?: string } = {},
): Promise<AsyncGenerator<PrintedPiece>> {
  const { db } = database;
  // The profile signs every piece as it is now: checked again, as the sending policy checks each e-mail.
  const wholesaler = await assertMemberMayMail(db, send);
  const disclosure = (await readSettings(db, send.workspaceId, [MAIL_DISCLOSURE_SETTING])).get(MAIL_DISCLOSURE_SETTING);
  return pieceContents();

  async function* pieceContents(): AsyncGenerator<PrintedPiece> {
    let after = -1;
    for (;;) {
      const pieces = await db
        .select()
        .from(mailPieces)
        .where(
          and(
            eq(mailPieces.sendId, send.id),
            gt(mailPieces.position, after),
            onlyPieceId ? eq(mailPieces.id, onlyPieceId) : undefined,
          ),
        )
        .orderBy(asc(mailPieces.position))
        .limit(PIECES_PER_READ);
      if (pieces.length === 0) return;
      const codes = await db
        .select({
          pieceId: mailShortCodes.pieceId,
          sealed: mailShortCodes.sealed,
          address: offerLinks.address,
          offerLow: offerLinks.offerLow,
          offerHigh: offerLinks.offerHigh,
          expiresAt: offerLinks.expiresAt,
        })
        .from(mailShortCodes)
        .innerJoin(offerLinks, eq(offerLinks.id, mailShortCodes.offerLinkId))
        .where(
          inArray(
            mailShortCodes.pieceId,
            pieces.map((piece) => piece.id),
          ),
        )
        .orderBy(asc(mailShortCodes.pieceId), asc(mailShortCodes.position));
      for (const piece of pieces) {
        const properties = codes.filter((code) => code.pieceId === piece.id);
        if (properties.length === 0) continue;
        yield {
          id: piece.id,
          position: piece.position,
          ownerName: piece.ownerName,
          mailingAddress: piece.mailingAddress,
          content: mailPieceContent({
            format: piece.format,
            appUrl: env.APP_URL,
            date: piece.createdAt,
            validUntil: new Date(Math.min(...properties.map((property) => property.expiresAt.getTime()))),
            owner: { name: piece.ownerName, mailingAddress: piece.mailingAddress },
            properties: properties.map((property) => ({
              address: property.address,
              offerRange: { low: property.offerLow, high: property.offerHigh },
              code: openShortCode(serverSecret, property.sealed).code,
              state: /,\s*([A-Z]{2})(\s+\d{5}(-\d{4})?)?$/.exec(property.address)?.[1],
            })),
            wholesaler,
            disclosure,
          }),
        };
      }
      after = pieces.at(-1)!.position;
    }
  }
}
