import { z } from 'zod';

export const lobMessages = {
  testMode: 'Test mode: nothing is printed or mailed',
  apiKeyInvalid: 'A Lob API key starts with test_ or live_ and has no spaces',
  webhookSecretInvalid: 'The webhook signing secret must have no spaces',
  notConnected: 'Save a Lob API key on the Integrations page first',
  keyUnreadable: 'The saved Lob API key can no longer be read: enter it again on the Integrations page',
  priceInvalid: 'Price per piece must be between $0.01 and $100.00',
  capInvalid: 'The monthly piece cap must be a whole number from 0 to 1,000,000',
  capExceeded: (cap: number, used: number, pieces: number) =>
    `This send of ${pieces.toLocaleString('en-US')} pieces would pass the workspace's monthly cap of ${cap.toLocaleString('en-US')} (${used.toLocaleString('en-US')} mailed this month)`,
  alreadyConfirmed: 'This send was already confirmed',
  confirmationStale: 'The count or cost changed since you looked: review the send again',
  lobUnavailable: 'Lob did not answer: try again in a minute',
  lobRefusedKey: 'Lob refused the API key',
  noneDeliverable: 'Lob found no deliverable mailing address among the selected owners',
  stillPreparing: 'Lob is still verifying this send’s mailing addresses: confirm once it is done',
  preparing: (verified: number, total: number) =>
    `Lob is verifying the mailing addresses: ${verified.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} done`,
} as const;

/**
 * Lob's pay-as-you-go price of a black-and-white First-Class letter, in cents, the default price per
 * piece a workspace's cost confirmation uses until it sets its own (docs/decisions/033).
 */
export const DEFAULT_LOB_PRICE_PER_PIECE_CENTS = 83;
/** Pieces a workspace mails through Lob per calendar month (UTC) until it sets its own cap. */
export const DEFAULT_LOB_MONTHLY_PIECE_CAP = 1_000;

const secret = (message: string) =>
  z.string().trim().min(1, { error: message, abort: true }).max(500, message).regex(/^\S+$/, message);

/** PUT /api/mail/lob/settings: a key or secret left out keeps the stored one. */
export const LobSettingsSchema = z.object({
  apiKey: secret(lobMessages.apiKeyInvalid)
    .regex(/^(test|live)_[A-Za-z0-9_]+$/, lobMessages.apiKeyInvalid)
    .optional(),
  webhookSecret: secret(lobMessages.webhookSecretInvalid).optional(),
  pricePerPieceCents: z
    .number(lobMessages.priceInvalid)
    .int(lobMessages.priceInvalid)
    .min(1, lobMessages.priceInvalid)
    .max(10_000, lobMessages.priceInvalid)
    .default(DEFAULT_LOB_PRICE_PER_PIECE_CENTS),
  monthlyPieceCap: z
    .number(lobMessages.capInvalid)
    .int(lobMessages.capInvalid)
    .min(0, lobMessages.capInvalid)
    .max(1_000_000, lobMessages.capInvalid)
    .default(DEFAULT_LOB_MONTHLY_PIECE_CAP),
});
export type LobSettingsInput = z.input<typeof LobSettingsSchema>;

/** The Integrations page's Lob form: typed text (a price in dollars), read into LobSettingsSchema's input. */
export const LobSettingsFormSchema = z
  .object({
    apiKey: z.string().trim(),
    webhookSecret: z.string().trim(),
    pricePerPiece: z
      .string()
      .trim()
      .regex(/^\$?\d{1,3}(\.\d{1,2})?$/, lobMessages.priceInvalid),
    monthlyPieceCap: z
      .string()
      .trim()
      .regex(/^\d{1,3}(,?\d{3})*$/, lobMessages.capInvalid),
  })
  .transform((form): LobSettingsInput => ({
    ...(form.apiKey && { apiKey: form.apiKey }),
    ...(form.webhookSecret && { webhookSecret: form.webhookSecret }),
    pricePerPieceCents: Math.round(Number(form.pricePerPiece.replace('$', '')) * 100),
    monthlyPieceCap: Number(form.monthlyPieceCap.replaceAll(',', '')),
  }))
  .pipe(LobSettingsSchema);

/** Cents as dollars for the screen: 83 → "$0.83". */
export function formatCents(cents: number): string {
  return `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** A Lob test key (`test_…`) uses the real API and never prints or mails anything. */
export function isLobTestKey(apiKey: string): boolean {
  return apiKey.startsWith('test_');
}

/** Cost of `pieces` at `pricePerPieceCents`, in whole cents. */
export function mailCostCents(pieces: number, pricePerPieceCents: number): number {
  return pieces * pricePerPieceCents;
}

export const postalAddressForLobMessage =
  'Lob needs your profile’s postal address as street, city, state and ZIP, like “12 Main St, Austin, TX 78701”';

/**
 * The profile's postal address (free text) as Lob's return address: "street, city, ST 12345" on one
 * line or several; null when it does not read so.
 */
export function postalAddressParts(
  postalAddress: string,
): { street: string; city: string; state: string; zip: string } | null {
  const oneLine = postalAddress.replace(/\s*\n\s*/g, ', ').trim();
  const match = /^(.+?),\s*([^,]+?),?\s+([A-Za-z]{2})\s+(\d{5}(?:-\d{4})?)$/.exec(oneLine);
  if (!match) return null;
  const [, street, city, state, zip] = match;
  return { street: street!.trim(), city: city!.trim(), state: state!.toUpperCase(), zip: zip! };
}
