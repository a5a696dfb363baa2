/** What a prospect can be: reached by a send, a lead (they answered, or a member promoted them), or stopped (bounced, unsubscribed). */
export const PROSPECT_STATUSES = ['prospect', 'lead', 'stopped'] as const;
export type ProspectStatus = (typeof PROSPECT_STATUSES)[number];

/** Every way an owner was touched by a send, or answered it. */
export const PROSPECT_TOUCH_KINDS = [
  'e-mailed',
  'mailed',
  'delivered',
  'returned',
  'bounced',
  'unsubscribed',
  'called',
  'answered',
] as const;
export type ProspectTouchKind = (typeof PROSPECT_TOUCH_KINDS)[number];

export const prospectStatusLabels: Record<ProspectStatus, string> = {
  prospect: 'Prospect',
  lead: 'Lead',
  stopped: 'Stopped',
};

export const prospectTouchLabels: Record<ProspectTouchKind, string> = {
  'e-mailed': 'E-mailed',
  mailed: 'Mailed',
  delivered: 'Delivered',
  returned: 'Returned to sender',
  bounced: 'Bounced',
  unsubscribed: 'Unsubscribed',
  called: 'Called',
  answered: 'Answered',
};

/**
 * The status a touch leaves a prospect in: an answer makes them a lead; a bounce or an unsubscribe
 * stops a prospect (a lead stays a lead); every other touch changes nothing.
 */
export function statusAfterTouch(status: ProspectStatus, kind: ProspectTouchKind): ProspectStatus {
  if (kind === 'answered') return 'lead';
  if ((kind === 'bounced' || kind === 'unsubscribed') && status === 'prospect') return 'stopped';
  return status;
}
