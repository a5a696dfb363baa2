export interface SenderAddresses {
  accountEmail: string;
  accountEmailVerified: boolean;
  /** The profile's reply-to address ('' for none). */
  replyToEmail: string;
  /** The reply-to address its owner proved by opening the link e-mailed to it; null: none yet. */
  replyToVerifiedEmail: string | null;
}

/**
 * Where a user's mail may be answered and their lead notifications go: the profile's reply-to
 * once proven by its own link, else the account's e-mail once verified; null while neither is
 * proven (anyone can type someone else's address, so an unproven one is never written to).
 */
export function provenReplyTo(sender: SenderAddresses): string | null {
  const replyTo = sender.replyToEmail.trim().toLowerCase();
  if (replyTo !== '' && replyTo === sender.replyToVerifiedEmail?.trim().toLowerCase()) return sender.replyToEmail;
  return sender.accountEmailVerified ? sender.accountEmail : null;
}
