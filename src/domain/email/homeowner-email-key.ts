import { parseEmailAddress } from './parse-email-address';

// Mailbox providers that ignore dots in the local part and map one domain onto another, so that
// `a.n.n@googlemail.com` reaches ann@gmail.com's mailbox: one key must cover every spelling.
const DOTLESS_DOMAINS: Record<string, string> = { 'gmail.com': 'gmail.com', 'googlemail.com': 'gmail.com' };

/**
 * A homeowner's (or any outside recipient's) e-mail as the one key that finds them, everywhere:
 * unsubscribes, follow-up sequences, bulk-send duplicates, a lead per homeowner. One plain address
 * (a display-name form such as `X<victim@example.org>` reduced to it), lower-cased, without a
 * `+tag` (sub-addressing delivers `victim+offers@example.org` to victim@example.org's mailbox), and
 * at Gmail without dots, on gmail.com. A value that is no address is only trimmed and lower-cased.
 */
export function homeownerEmailKey(email: string): string {
  const address = parseEmailAddress(email) ?? email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  const dotless = DOTLESS_DOMAINS[domain];
  if (dotless) {
    local = local.replaceAll('.', '');
    domain = dotless;
  }
  return `${local}@${domain}`;
}
