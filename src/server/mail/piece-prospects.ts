import { and, eq, isNotNull } from 'drizzle-orm';
import type { MailingAddress } from '#domain/mail/mail-send-request.ts';
import type { Transaction } from '../db/database';
import { mailShortCodes } from '../db/schema';
import { inWorkspace } from '../db/workspace-scope';
import { recordProspectTouch, type ProspectTouch } from '../prospect-touches/record-prospect-touch';

/** A mailing address on one line, as a mail touch names it. */
export const mailingAddressLine = ({ street, city, state, zip }: MailingAddress) =>
  `${street}, ${city}, ${state} ${zip}`;

/** Touches each of these prospects of the workspace (a mail touch belongs to no bulk e-mail send). */
export async function touchProspects(
  tx: Transaction,
  workspaceId: string,
  prospectIds: Iterable<string>,
  touch: Omit<ProspectTouch, 'sendJobId'>,
) {
  for (const prospectId of prospectIds)
    await recordProspectTouch(tx, { prospectId, workspaceId }, { ...touch, sendJobId: null });
}

/** Touches the prospects of a piece's properties (a piece stored before prospects were linked has none). */
export async function touchPieceProspects(
  tx: Transaction,
  workspaceId: string,
  pieceId: string,
  touch: Omit<ProspectTouch, 'sendJobId'>,
) {
  const rows = await tx
    .selectDistinct({ prospectId: mailShortCodes.prospectId })
    .from(mailShortCodes)
    .where(
      and(
        inWorkspace(mailShortCodes, workspaceId),
        eq(mailShortCodes.pieceId, pieceId),
        isNotNull(mailShortCodes.prospectId),
      ),
    );
  await touchProspects(
    tx,
    workspaceId,
    rows.map((row) => row.prospectId!),
    touch,
  );
}
