import type { LeadStatus } from '../leads/lead-status';
import type { FollowUpSequence, FollowUpSequenceKind, FollowUpStopReason } from './sequence';

/** How each kind of sequence reads on screen. */
export const followUpSequenceKindLabels: Record<FollowUpSequenceKind, string> = {
  'first-offer': 'First offer',
  nurture: 'Nurture',
  'dead-quarterly': 'Dead lead: quarterly',
};

/** A sequence's kind; one stored before there were several kinds is a first-offer one. */
export function followUpSequenceKind(sequence: Pick<FollowUpSequence, 'kind'>): FollowUpSequenceKind {
  return sequence.kind ?? 'first-offer';
}

/** Whether each step re-states a fresh offer (recomputed, on a new link) rather than the one it started with. */
export function restatesFreshOffer(kind: FollowUpSequenceKind): boolean {
  return kind !== 'first-offer';
}

/**
 * The statuses a lead may have for a sequence of the kind to start: the first offer's while it is
 * New; a nurture short of a contract (a counter, a quiet homeowner, a "not now"); the quarterly
 * one once it is Dead.
 */
export const statusesToStartFollowUp: Record<FollowUpSequenceKind, readonly LeadStatus[]> = {
  'first-offer': ['new'],
  nurture: ['new', 'contacted', 'negotiating'],
  'dead-quarterly': ['dead'],
};

/**
 * Why a lead's move to `status` stops a running sequence of the kind, or null when it keeps it:
 * a first-offer sequence stops past New (someone works the lead); a nurture one keeps running
 * until the lead is Under Contract or Closed.
 */
export function followUpStopOnStatus(kind: FollowUpSequenceKind, status: LeadStatus): FollowUpStopReason | null {
  if (kind === 'first-offer') return status === 'new' ? null : 'status-changed';
  return status === 'under-contract' || status === 'closed' ? 'under-contract' : null;
}
