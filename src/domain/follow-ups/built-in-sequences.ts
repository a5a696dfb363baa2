import {
  defaultFollowUpSequence,
  type FollowUpSequence,
  type FollowUpSequenceKind,
  type FollowUpStep,
} from './sequence';

const email = (day: number, subject: string, lines: string[]): FollowUpStep => ({
  day,
  kind: 'email',
  subject,
  body: lines.join('\n'),
  renewsOffer: true,
});

const call = (day: number, lines: string[]): FollowUpStep => ({ day, kind: 'call', body: lines.join('\n') });

/**
 * The built-in nurture (issue 42 §3): twelve months of a touch every four to seven weeks for a
 * homeowner who countered, went quiet or said "not now". Every step re-states a fresh offer
 * (recomputed from the lead's figures when the step is due). The mail step is a task for now: once
 * letters and postcards are step kinds, it becomes a letter here and nothing else changes.
 */
export const nurtureFollowUpSequence: FollowUpSequence = {
  name: 'Long-term nurture',
  kind: 'nurture',
  steps: [
    { day: 0, kind: 'offer' },
    email(21, 'Still thinking about {address}?', [
      'Hi {firstName},',
      '',
      'We spoke about {address} a few weeks ago. If selling is still on your mind, our cash offer today is {offerRange}, with no obligation. It stands until {offerExpires}.',
      '',
      'You can accept it, name your own price or ask a question here: {offerLink}',
      '',
      '{wholesalerName}, {wholesalerPhone}',
    ]),
    call(45, [
      'Hi {firstName}, this is {wholesalerName}. I am checking in about {address}.',
      'Has anything changed on your side? Our cash offer today is {offerRange}.',
    ]),
    email(75, 'A fresh cash offer for {address}', [
      'Hi {firstName},',
      '',
      'We have looked at {address} again. Our cash offer today is {offerRange}, valid until {offerExpires}.',
      '',
      'Whenever the timing suits you: {offerLink}',
      '',
      '{wholesalerName}, {wholesalerPhone}',
    ]),
    {
      day: 110,
      kind: 'mail',
      body: [
        'Mail {firstName} a short letter about {address} with our cash offer of {offerRange}',
        'and the offer page, {offerLink}, or call {wholesalerPhone} to talk.',
      ].join('\n'),
    },
    email(145, 'Checking in about {address}', [
      'Hi {firstName},',
      '',
      'Just checking in. If you are still considering a sale of {address}, our cash offer today is {offerRange}, valid until {offerExpires}.',
      '',
      'Your offer: {offerLink}',
      '',
      '{wholesalerName}, {wholesalerPhone}',
    ]),
    call(180, [
      'Hi {firstName}, this is {wholesalerName}. It has been about six months since we talked about {address}.',
      'Is a sale still something you are considering? Our cash offer today is {offerRange}.',
    ]),
    email(220, 'Our offer for {address}, updated', [
      'Hi {firstName},',
      '',
      'Our cash offer for {address} today is {offerRange}, valid until {offerExpires}. There is no obligation.',
      '',
      'Accept it, name your price or ask a question: {offerLink}',
      '',
      '{wholesalerName}, {wholesalerPhone}',
    ]),
    call(270, [
      'Hi {firstName}, this is {wholesalerName}, checking in about {address}.',
      'Our cash offer today is {offerRange}. Would a conversation be helpful?',
    ]),
    email(320, 'Still here if you need us: {address}', [
      'Hi {firstName},',
      '',
      'If plans for {address} have changed, our cash offer today is {offerRange}, valid until {offerExpires}.',
      '',
      'Your offer: {offerLink}',
      '',
      '{wholesalerName}, {wholesalerPhone}',
    ]),
    email(365, 'One year on: {address}', [
      'Hi {firstName},',
      '',
      'It has been a year since we first talked about {address}. This is our last scheduled note: our cash offer today is {offerRange}, valid until {offerExpires}.',
      '',
      'Your offer: {offerLink}',
      '',
      '{wholesalerName}, {wholesalerPhone}',
    ]),
  ],
};

/** The built-in quarterly sequence for a lead marked Dead: a fresh offer once a quarter for a year. */
export const deadQuarterlyFollowUpSequence: FollowUpSequence = {
  name: 'Dead lead: quarterly',
  kind: 'dead-quarterly',
  steps: [
    { day: 0, kind: 'offer' },
    ...[90, 180, 270, 360].map((day) =>
      email(day, 'A new cash offer for {address}', [
        'Hi {firstName},',
        '',
        'Some time ago we talked about {address}. In case your plans have changed, our cash offer today is {offerRange}, valid until {offerExpires}, with no obligation.',
        '',
        'Your offer: {offerLink}',
        '',
        'If you would rather not hear from us, the link below stops these notes.',
        '',
        '{wholesalerName}, {wholesalerPhone}',
      ]),
    ),
  ],
};

/** The sequence of each kind a workspace starts with until a Pro workspace writes its own. */
export const builtInFollowUpSequences: Record<FollowUpSequenceKind, FollowUpSequence> = {
  'first-offer': { ...defaultFollowUpSequence, kind: 'first-offer' },
  nurture: nurtureFollowUpSequence,
  'dead-quarterly': deadQuarterlyFollowUpSequence,
};
