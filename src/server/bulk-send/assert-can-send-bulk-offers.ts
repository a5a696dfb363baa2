import { bulkImportMessages } from '../../domain/bulk-import/bulk-import-messages';
import { hasPostalAddress, profileMessages } from '../../domain/profile/wholesaler-profile-schema';
import type { Database } from '../db/database';
import { Refusal } from '../http/refusal';
import { readWholesaler } from '../profile/read-wholesaler';

/**
 * Refuses (403) a bulk send from a wholesaler who may not send one yet, whatever the plan:
 * - an unverified account e-mail (code 'email-not-verified'): replies go to it, and anyone can
 *   register someone else's address; the web app then offers to e-mail the verification link;
 *   `postalAddressRequired` says whether the postal address is missing too, so the sender
 *   learns both at once rather than the second only after meeting the first;
 * - no postal address in the profile (code 'postal-address-required'): every commercial e-mail
 *   must carry the sender's physical postal address (US CAN-SPAM Act).
 * The worker checks both again when it picks the job's items (queue-due-bulk-items.ts).
 */
export async function assertCanSendBulkOffers(db: Database, userId: string): Promise<void> {
  const wholesaler = await readWholesaler(db, userId);
  if (!wholesaler?.accountEmailVerified) {
    throw new Refusal(403, bulkImportMessages.emailNotVerified, {
      code: 'email-not-verified',
      details: { email: wholesaler?.accountEmail, postalAddressRequired: !wholesaler || !hasPostalAddress(wholesaler) },
    });
  }
  if (!hasPostalAddress(wholesaler)) {
    throw new Refusal(403, profileMessages.postalAddressRequired, { code: 'postal-address-required' });
  }
}
