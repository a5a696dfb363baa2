/** What the follow-up routes answer when they refuse. */
export const followUpMessages = {
  alreadyActive: 'This homeowner already has an active follow-up sequence. Replace it?',
  leadWithoutEmail: 'This lead has no e-mail address to follow up by',
  leadWithoutOffer: 'This lead has no offer to follow up on: send a revised offer first',
  leadPastNew: 'Follow-ups run while a lead is New: this one is being worked already',
  nurtureNotForStatus: 'A nurture is for a lead not yet under contract: a Dead lead can go on the quarterly sequence',
  quarterlyNotForStatus: 'The quarterly sequence is for a lead marked Dead',
  notFound: 'Follow-up not found',
  taskNotFound: 'Task not found',
} as const;
