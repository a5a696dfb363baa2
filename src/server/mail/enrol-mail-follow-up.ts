import { mailFollowUpSequence } from '#domain/follow-ups/sequence.ts';
import type { MailingAddress } from '#domain/mail/mail-send-request.ts';
import type { Transaction } from '../db/database';
import { enrolFollowUp } from '../follow-ups/enrol-follow-up';

/** A piece that started a sequence by mail: who it reached, where, and its first property's offer. */
export interface EnrolledPiece {
  id: string;
  ownerName: string;
  /** The row's e-mail when it had one: its unsubscribes and bounces then stop the sequence too. */
  email?: string | null;
  mailingAddress: MailingAddress;
  mailingAddressKey: string;
  offerLink: { id: string; url: string; address: string };
}

/**
 * Enrols the owner a mail send's piece reached (printed by the member, or mailed by Lob) in the
 * built-in sequence by mail (issue 41: postcards on days 21 and 45), in the piece's transaction.
 * One active sequence per mailing address in the workspace: an owner mailed again while theirs
 * runs keeps it.
 */
export async function enrolMailFollowUp(
  tx: Transaction,
  {
    workspaceId,
    senderUserId,
    piece,
    at,
  }: { workspaceId: string; senderUserId: string; piece: EnrolledPiece; at: Date },
) {
  return enrolFollowUp(tx, {
    workspaceId,
    senderUserId,
    offerLink: piece.offerLink,
    recipient: {
      email: piece.email ?? null,
      name: piece.ownerName,
      mail: { pieceId: piece.id, address: piece.mailingAddress, addressKey: piece.mailingAddressKey },
    },
    // The owner's day is where they get their mail.
    senderPostalAddress: `${piece.mailingAddress.city}, ${piece.mailingAddress.state} ${piece.mailingAddress.zip}`,
    startedAt: at,
    sequence: mailFollowUpSequence,
    whenActive: 'keep',
  });
}
