/** What a task step asks the lead's assignee to do by hand; nothing sends a text message automatically (TCPA). */
export const FOLLOW_UP_TASK_KINDS = ['call', 'text', 'mail'] as const;
export type FollowUpTaskKind = (typeof FOLLOW_UP_TASK_KINDS)[number];

/** A mailed step: the owner's offer drawn again as a letter or a postcard (issue 41). */
export const FOLLOW_UP_MAIL_KINDS = ['letter', 'postcard'] as const;
export type FollowUpMailKind = (typeof FOLLOW_UP_MAIL_KINDS)[number];

export const isMailStep = (step: {
  kind: string;
}): step is { day: number; kind: FollowUpMailKind; renewsOffer: boolean } =>
  (FOLLOW_UP_MAIL_KINDS as readonly string[]).includes(step.kind);

/**
 * One touch of a sequence, `day` days after the offer (day 0 is the offer itself):
 * - 'offer': the offer e-mail or link that started the sequence; never sent again;
 * - 'email': sent automatically through the sending policy; `renewsOffer` keeps the offer open for
 *   another validity period, so a late step does not point at an expired offer;
 * - a task, shown to the assignee on the Today list with the number or address and the script;
 * - 'letter' or 'postcard': the owner's mailed offer again (its ranges, short addresses and date),
 *   through the workspace's Lob key, else in the day's "print these today" PDF; `renewsOffer` as an e-mail's.
 */
export type FollowUpStep =
  | { day: 0; kind: 'offer' }
  | { day: number; kind: 'email'; subject: string; body: string; renewsOffer: boolean }
  | { day: number; kind: FollowUpTaskKind; body: string }
  | { day: number; kind: FollowUpMailKind; renewsOffer: boolean };

/**
 * What a sequence is for (issue 42 §3): 'first-offer' follows up an offer until the homeowner answers,
 * while the lead is New; 'nurture' keeps in touch for months with a homeowner who countered, went
 * quiet or said "not now", whatever the status short of a contract; 'dead-quarterly' writes to a
 * Dead lead once a quarter. Nurture kinds re-state a fresh offer at each step (fresh-offer.ts).
 */
export const FOLLOW_UP_SEQUENCE_KINDS = ['first-offer', 'nurture', 'dead-quarterly'] as const;
export type FollowUpSequenceKind = (typeof FOLLOW_UP_SEQUENCE_KINDS)[number];

export interface FollowUpSequence {
  name: string;
  steps: FollowUpStep[];
  /** Absent on sequences stored before there were several: 'first-offer' (followUpSequenceKind). */
  kind?: FollowUpSequenceKind;
}

/** The fields a step's text may use, as `{firstName}` and so on. */
export const FOLLOW_UP_FIELDS = [
  'firstName',
  'address',
  'offerRange',
  'offerLink',
  'offerExpires',
  'wholesalerName',
  'wholesalerPhone',
] as const;
export type FollowUpField = (typeof FOLLOW_UP_FIELDS)[number];

/**
 * The built-in sequence: days 0, 2, 5, 12 and 30. Its wording says what the offer is (a range,
 * valid for a stated time, no obligation) and never invents urgency or other buyers.
 */
export const defaultFollowUpSequence: FollowUpSequence = {
  name: 'Cash offer follow-up',
  steps: [
    { day: 0, kind: 'offer' },
    {
      day: 2,
      kind: 'email',
      subject: 'Did you see our cash offer for {address}?',
      body: [
        'Hi {firstName},',
        '',
        'A couple of days ago we sent a cash offer of {offerRange} for {address}. It stands until {offerExpires}, with no obligation.',
        '',
        'You can accept it, name your own price or ask a question here: {offerLink}',
        '',
        'If you would rather talk it through, call {wholesalerName} at {wholesalerPhone}.',
      ].join('\n'),
      renewsOffer: false,
    },
    {
      day: 5,
      kind: 'call',
      body: [
        'Hi {firstName}, this is {wholesalerName}. I am calling about the cash offer of {offerRange} we sent for {address}.',
        'Did you get a chance to look at it? Is there a price that would work for you?',
      ].join('\n'),
    },
    {
      day: 12,
      kind: 'email',
      subject: 'Our offer for {address} is still open',
      body: [
        'Hi {firstName},',
        '',
        'We have kept our cash offer of {offerRange} for {address} open until {offerExpires}.',
        '',
        'If the timing or the price is not right, tell us what would work: {offerLink}',
        '',
        '{wholesalerName}, {wholesalerPhone}',
      ].join('\n'),
      renewsOffer: true,
    },
    {
      day: 30,
      kind: 'email',
      subject: 'One last note about {address}',
      body: [
        'Hi {firstName},',
        '',
        'This is our last note about {address}. Our cash offer of {offerRange} stands until {offerExpires}; after that we will not write again about it.',
        '',
        'Your offer: {offerLink}',
        '',
        '{wholesalerName}, {wholesalerPhone}',
      ].join('\n'),
      renewsOffer: true,
    },
  ],
};

/**
 * The built-in sequence of a mail send (issue 41), for owners reached by mail (most have no
 * e-mail): the send's own piece is day 0, then a postcard on day 21 and on day 45, each re-stating
 * the range with the date it holds until, and keeping the offer open for another validity period.
 */
export const mailFollowUpSequence: FollowUpSequence = {
  name: 'Offer by mail',
  steps: [
    { day: 0, kind: 'offer' },
    { day: 21, kind: 'postcard', renewsOffer: true },
    { day: 45, kind: 'postcard', renewsOffer: true },
  ],
};

/** Why a sequence stopped, as recorded on the lead's history. */
export const FOLLOW_UP_STOP_REASONS = [
  'answered',
  'status-changed',
  'unsubscribed',
  'complained',
  'bounced',
  'replied',
  'offer-expired',
  'paused',
  'replaced',
  'sender-cannot-send',
  'link-or-markup',
  'finished',
  'under-contract',
  'returned',
  'do-not-mail',
] as const;
export type FollowUpStopReason = (typeof FOLLOW_UP_STOP_REASONS)[number];

export const followUpStopMessages: Record<FollowUpStopReason, string> = {
  answered: 'The homeowner answered the offer',
  'status-changed': 'The lead moved past New',
  unsubscribed: 'The homeowner unsubscribed',
  complained: 'The homeowner marked an e-mail as spam',
  bounced: 'An e-mail to the homeowner bounced',
  replied: 'The homeowner replied by e-mail',
  'offer-expired': 'The offer expired',
  paused: 'Paused by hand',
  replaced: 'Replaced by a new follow-up sequence',
  'sender-cannot-send': 'The sender may no longer send offer e-mails',
  'link-or-markup':
    "The e-mail would carry a link, an e-mail address or HTML from the homeowner's name, the property address or the step's text",
  finished: 'Every step is done',
  'under-contract': 'The lead went under contract or closed',
  returned: 'A mailed offer was returned to sender',
  'do-not-mail': 'The mailing address is on the do-not-mail list',
};

/** The steps that still have to happen after the offer. */
export function stepsAfterOffer(sequence: FollowUpSequence): number {
  return sequence.steps.filter((step) => step.kind !== 'offer').length;
}

/** What a step is, in a few words ('E-mail', 'Call task'). */
export function followUpStepLabel(step: Pick<FollowUpStep, 'kind'>): string {
  const labels: Record<FollowUpStep['kind'], string> = {
    offer: 'Offer',
    email: 'E-mail',
    call: 'Call task',
    text: 'Text task',
    mail: 'Mail task',
    letter: 'Letter',
    postcard: 'Postcard',
  };
  return labels[step.kind];
}
