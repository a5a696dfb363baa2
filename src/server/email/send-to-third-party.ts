import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { complianceFooter, type ComplianceParts } from '#domain/email/compliance-footer.ts';
import { homeownerEmailKey } from '#domain/email/homeowner-email-key.ts';
import { provenReplyTo } from '#domain/email/proven-reply-to.ts';
import { sendingPolicyMessages } from '#domain/email/sending-policy-messages.ts';
import { carriesLinkOrMarkup } from '#domain/email/typed-text-rules.ts';
import { hasPostalAddress, profileMessages, wholesalerDisplayName } from '#domain/profile/wholesaler-profile-schema.ts';
import type { AppContext } from '../app-context';
import type { Database, Transaction } from '../db/database';
import { emailOutbox, emailUnsubscribes, user, wholesalerProfiles } from '../db/schema';
import { inWorkspace } from '../db/workspace-scope';
import { enqueueEmail } from './enqueue-email';
import { SendingRefusal } from './sending-refusal';
import { oneClickUnsubscribeUrl, suppressionKeysOf, unsubscribeUrl } from './unsubscribe-token';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Why a user e-mails someone else, and what each purpose must meet beyond the common rules:
 * commercial mail carries the sender's postal address (CAN-SPAM); the cooldown is the least
 * time between two of this sender's e-mails of that purpose to one recipient (a bulk send gives
 * each owner one offer by itself, and may follow an earlier send).
 */
const PURPOSES = {
  'bulk-offer': { commercial: true, cooldownMs: 0 },
  'revised-offer': { commercial: true, cooldownMs: HOUR_MS },
  // The link that proves a typed reply-to address is the user's: not an offer, but to an address
  // nobody has proven yet, so it must not become a way to write to strangers.
  'reply-to-proof': { commercial: false, cooldownMs: HOUR_MS },
  // A workspace's invitation to a new member: to an address nobody proved yet, so the inviter must
  // be verified, and one address is not invited twice an hour.
  invitation: { commercial: false, cooldownMs: HOUR_MS },
  // A step of a follow-up sequence (issue 27): days apart by design; each step is sent once.
  'follow-up': { commercial: true, cooldownMs: HOUR_MS },
  // A deal under contract, to a cash buyer a member chose (issue 39 §5): once per buyer and deal,
  // which the deal's link row holds (deal_links.sent_at), so no cooldown beside it.
  'deal-to-buyer': { commercial: true, cooldownMs: 0 },
} as const satisfies Record<string, { commercial: boolean; cooldownMs: number }>;

export type ThirdPartyPurpose = keyof typeof PURPOSES;

export interface SendingPolicyConfig {
  /** APP_URL, without a trailing slash: the unsubscribe links' base. */
  appUrl: string;
  /** The app's sender (EMAIL_FROM); replies go to the user's proven address. */
  from: string;
  /** Signs unsubscribe links. */
  serverSecret: string;
  /** E-mails to third parties one user may send per UTC day (BULK_EMAIL_DAILY_LIMIT). */
  dailyLimit: number;
  now?: () => Date;
}

/** The policy's configuration from the app's: links on APP_URL, from EMAIL_FROM, BULK_EMAIL_DAILY_LIMIT a day. */
export function sendingPolicyConfig({
  env,
  serverSecret,
}: Pick<AppContext, 'env' | 'serverSecret'>): SendingPolicyConfig {
  return { appUrl: env.APP_URL, from: env.EMAIL_FROM, serverSecret, dailyLimit: env.BULK_EMAIL_DAILY_LIMIT };
}

/** What the composer of a message gets from the policy: the parts it must carry, and the Reply-To. */
export interface SendingParts extends ComplianceParts {
  /** The sender's proven address: where the recipient's reply goes. */
  replyTo: string;
}

export interface ComposedEmail {
  subject: string;
  html: string;
  text: string;
}

export interface ThirdPartyEmail {
  /** The workspace the e-mail is sent for: the sender's profile there signs it (reply-to, postal address). */
  workspaceId: string;
  senderUserId: string;
  purpose: ThirdPartyPurpose;
  to: string;
  /**
   * Every text a person typed that the message carries, by field (an address, a name, a note, a
   * step's subject and message): plain words only. The sender's profile (display name, company,
   * postal address), which signs the message, the policy checks itself.
   */
  typedText: { field: string; label: string; text: string }[];
  /**
   * Writes the message with the policy's parts, once every rule has passed (so nothing it
   * stores, such as an offer link, exists for a refused e-mail). Commercial mail must carry the
   * compliance footer (complianceFooter) exactly; every message, the unsubscribe link.
   */
  compose: (parts: SendingParts) => Promise<ComposedEmail> | ComposedEmail;
  /** When it may go out (bulk sends are paced); default now. */
  sendAt?: Date;
  bulkSendItemId?: string;
  /**
   * A second Reply-To after the sender's proven address: the app's own inbound address for this
   * recipient (a follow-up's reply+{token}@…), so a reply reaches both the sender and the app.
   */
  alsoReplyTo?: string;
}

/**
 * The one door for every e-mail a user sends to someone other than themselves (every purpose
 * above, and any later kind): inside `tx`, it refuses (a Refusal, nothing written) unless the
 * sender's account e-mail is verified, commercial mail has the sender's postal address, the
 * sender's profile and the typed fields are plain text, the recipient has not unsubscribed, the per-recipient cooldown has
 * passed and the sender's daily quota has room; then it queues the message with Reply-To the
 * sender's proven address, the unsubscribe link and the one-click unsubscribe headers (RFC 8058),
 * and counts it towards the quota. Callers that must go on after a refusal (a bulk batch) call it
 * inside a savepoint.
 */
export async function sendToThirdParty(
  tx: Transaction,
  config: SendingPolicyConfig,
  email: ThirdPartyEmail,
): Promise<{ id: string }> {
  const rules = PURPOSES[email.purpose];
  const now = config.now?.() ?? new Date();
  const sender = await assertSenderMaySend(
    tx,
    { workspaceId: email.workspaceId, userId: email.senderUserId },
    email.purpose,
  );
  for (const { field, label, text } of email.typedText) {
    if (carriesLinkOrMarkup(text)) {
      throw new SendingRefusal(400, sendingPolicyMessages.linkOrMarkup(label), {
        code: 'link-or-markup',
        details: { field },
      });
    }
  }

  const recipientKey = homeownerEmailKey(email.to);
  // Two sends to one recipient at once wait for each other, so the cooldown sees the first.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${sender.id} ${recipientKey}`}, 0))`);
  const [unsubscribed] = await tx
    .select({ email: emailUnsubscribes.email })
    .from(emailUnsubscribes)
    .where(inArray(emailUnsubscribes.email, suppressionKeysOf(email.to)))
    .limit(1);
  if (unsubscribed) {
    throw new SendingRefusal(409, sendingPolicyMessages.recipientUnsubscribed, { code: 'recipient-unsubscribed' });
  }
  if (rules.cooldownMs > 0) {
    const [recent] = await tx
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.senderUserId, sender.id),
          eq(emailOutbox.recipientKey, recipientKey),
          // Per purpose: a revised offer minutes after the bulk offer it answers is the conversation.
          eq(emailOutbox.purpose, email.purpose),
          gt(emailOutbox.createdAt, new Date(now.getTime() - rules.cooldownMs)),
        ),
      )
      .limit(1);
    if (recent) throw new SendingRefusal(429, sendingPolicyMessages.cooldown, { code: 'recipient-cooldown' });
  }
  const counted = await tx.execute(sql`
    insert into sender_daily_counts (user_id, day, sent) values (${sender.id}, ${now.toISOString().slice(0, 10)}::date, 1)
    on conflict (user_id, day) do update set sent = sender_daily_counts.sent + 1
    where sender_daily_counts.sent < ${config.dailyLimit}::bigint
    returning sent`);
  if ((counted as unknown as { rows: unknown[] }).rows.length === 0) {
    throw new SendingRefusal(429, sendingPolicyMessages.dailyLimit(config.dailyLimit), { code: 'daily-limit' });
  }

  // Verified above, so the account's e-mail at least is proven.
  const replyTo = provenReplyTo(sender)!;
  const parts: SendingParts = {
    unsubscribeUrl: unsubscribeUrl(config.appUrl, config.serverSecret, email.to),
    sender: { name: sender.company || sender.displayName, postalAddress: sender.postalAddress },
    replyTo,
  };
  const message = await email.compose(parts);
  const footer = complianceFooter(parts);
  if (rules.commercial && (!message.text.includes(footer.text) || !message.html.includes(footer.html))) {
    throw new Error(`a ${email.purpose} e-mail leaves out its unsubscribe link or postal address`);
  }
  if (!message.text.includes(parts.unsubscribeUrl)) {
    throw new Error(`a ${email.purpose} e-mail leaves out its unsubscribe link`);
  }
  return enqueueEmail(tx, {
    ...message,
    to: email.to,
    from: config.from,
    replyTo: email.alsoReplyTo ? `${replyTo}, ${email.alsoReplyTo}` : replyTo,
    // One-click unsubscribe (RFC 8058), as large mailbox providers require of bulk senders:
    // their POST to this URL unsubscribes without a page.
    headers: {
      'List-Unsubscribe': `<${oneClickUnsubscribeUrl(config.appUrl, config.serverSecret, email.to)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    sendAt: email.sendAt,
    bulkSendItemId: email.bulkSendItemId,
    senderUserId: sender.id,
    purpose: email.purpose,
    recipientKey,
  });
}

/**
 * Refuses (403) a sender who may not e-mail anyone else for this purpose, and answers who they are:
 * - an unverified account e-mail (code 'email-not-verified'): replies go to it, and anyone can
 *   register someone else's address; `postalAddressRequired` says whether the postal address is
 *   missing too, so the sender learns both at once;
 * - commercial mail without a postal address in the profile (code 'postal-address-required'):
 *   every commercial e-mail must carry the sender's physical postal address (US CAN-SPAM Act);
 * - a display name, company or postal address holding a link, an e-mail address or HTML (code
 *   'profile-link-or-markup', `profileField` naming it): they sign the message, so they are typed
 *   text like any other; the profile form refuses them, but a profile saved before it did may hold one.
 * A bulk send asks before it stores its job; sendToThirdParty asks again for every e-mail.
 */
export async function assertSenderMaySend(
  db: Pick<Database, 'select'>,
  sender: { workspaceId: string; userId: string },
  purpose: ThirdPartyPurpose,
) {
  const { commercial } = PURPOSES[purpose];
  return assertMaySend(await readSender(db, sender), commercial);
}

function assertMaySend(sender: Awaited<ReturnType<typeof readSender>>, commercial: boolean) {
  if (!sender.accountEmailVerified) {
    throw new SendingRefusal(403, sendingPolicyMessages.emailNotVerified, {
      code: 'email-not-verified',
      details: { email: sender.accountEmail, postalAddressRequired: commercial && !hasPostalAddress(sender) },
    });
  }
  if (commercial && !hasPostalAddress(sender)) {
    throw new SendingRefusal(403, profileMessages.postalAddressRequired, { code: 'postal-address-required' });
  }
  for (const [profileField, label] of SIGNING_FIELDS) {
    if (carriesLinkOrMarkup(sender[profileField])) {
      throw new SendingRefusal(403, sendingPolicyMessages.profileLinkOrMarkup(label), {
        code: 'profile-link-or-markup',
        details: { profileField },
      });
    }
  }
  return sender;
}

/** The profile's fields that sign a message (its compliance footer, a revised offer's signature), as the form names them. */
const SIGNING_FIELDS = [
  ['displayName', 'Display name'],
  ['company', 'Company'],
  ['postalAddress', 'Postal address'],
] as const;

/** The sender's account and their profile in the workspace the e-mail is sent for. */
async function readSender(
  db: Pick<Database, 'select'>,
  { workspaceId, userId }: { workspaceId: string; userId: string },
) {
  const [row] = await db
    .select({ account: user, profile: wholesalerProfiles })
    .from(user)
    .leftJoin(
      wholesalerProfiles,
      and(inWorkspace(wholesalerProfiles, workspaceId), eq(wholesalerProfiles.userId, user.id)),
    )
    .where(eq(user.id, userId));
  if (!row) throw new Error(`sender ${userId} is gone`);
  const { account, profile } = row;
  return {
    id: account.id,
    accountEmail: account.email,
    accountEmailVerified: account.emailVerified,
    replyToEmail: profile?.replyToEmail ?? '',
    replyToVerifiedEmail: profile?.replyToVerifiedEmail ?? null,
    displayName: wholesalerDisplayName(profile, account.name),
    company: profile?.company ?? '',
    postalAddress: profile?.postalAddress ?? '',
  };
}
