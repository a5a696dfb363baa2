import { z } from 'zod';
import { boundedText } from '../validation/bounded-text';
import type { LeadStatus } from './lead-status';

/** How a call or text to a homeowner went (issue 42), as the member logs it after tapping Call or Text. */
export const CALL_OUTCOMES = [
  'no-answer',
  'left-voicemail',
  'wrong-number',
  'interested',
  'not-now',
  'not-interested',
  'appointment-set',
] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

export const callOutcomeLabels: Record<CallOutcome, string> = {
  'no-answer': 'No answer',
  'left-voicemail': 'Left voicemail',
  'wrong-number': 'Wrong number',
  interested: 'Talked: interested',
  'not-now': 'Talked: not now',
  'not-interested': 'Talked: not interested',
  'appointment-set': 'Appointment set',
};

export const callMessages = {
  unknownPhone: 'This lead has no such phone number',
  wrongNumber: 'This number is marked as a wrong number',
  appointmentAt: 'Please choose the appointment’s date and time',
  callBackAt: 'Please choose when to call back',
} as const;

const WhenSchema = (message: string) =>
  z.iso.datetime({ offset: true, error: message }).transform((text) => new Date(text));

/**
 * POST /api/leads-inbox/{id}/calls: the outcome of a call or text to one of the lead's numbers.
 * 'appointment-set' needs `appointmentAt` (a meeting task then), 'not-now' needs `callBackAt` (a
 * call task that day); `markDead` after 'not-interested' moves the lead to Dead.
 */
export const LeadCallLogSchema = z
  .strictObject({
    channel: z.enum(['call', 'text'], { error: 'Unknown channel' }),
    phone: z.string().min(1, callMessages.unknownPhone).max(40, callMessages.unknownPhone),
    outcome: z.enum(CALL_OUTCOMES, { error: 'Unknown call outcome' }),
    appointmentAt: WhenSchema(callMessages.appointmentAt).optional(),
    callBackAt: WhenSchema(callMessages.callBackAt).optional(),
    markDead: z.boolean().optional(),
    note: boundedText('Note', 2000).default(''),
  })
  .superRefine((log, context) => {
    if (log.outcome === 'appointment-set' && !log.appointmentAt) {
      context.addIssue({ code: 'custom', path: ['appointmentAt'], message: callMessages.appointmentAt });
    }
    if (log.outcome === 'not-now' && !log.callBackAt) {
      context.addIssue({ code: 'custom', path: ['callBackAt'], message: callMessages.callBackAt });
    }
  });
export type LeadCallLog = z.infer<typeof LeadCallLogSchema>;
export type LeadCallLogInput = z.input<typeof LeadCallLogSchema>;

/** The digits (and a leading +) two spellings of one phone number share: how a number is matched and marked. */
export function phoneKey(phone: string): string {
  return phone.replace(/[^\d+]/g, '');
}

/**
 * The status a call's outcome moves the lead to, or null to leave it: a homeowner who talked
 * (interested, appointment set) has been contacted, so a New lead becomes Contacted; 'not
 * interested' moves it to Dead only when the member said so (`markDead`). A lead further along is
 * never moved back.
 */
export function statusAfterCall(outcome: CallOutcome, status: LeadStatus, markDead: boolean): LeadStatus | null {
  if (outcome === 'not-interested' && markDead) return status === 'dead' ? null : 'dead';
  if ((outcome === 'interested' || outcome === 'appointment-set') && status === 'new') return 'contacted';
  return null;
}

/** What a logged call says in the lead's history: 'Call to (512) 555-0100: Talked: not now'. */
export function describeCall(log: Pick<LeadCallLog, 'channel' | 'phone' | 'outcome'>): string {
  return `${log.channel === 'call' ? 'Call' : 'Text'} to ${log.phone}: ${callOutcomeLabels[log.outcome]}`;
}

/** The text a member's messages app opens with for a lead: who they are and which house, as a question. */
export function textScript({
  homeownerName,
  address,
  senderName,
}: {
  homeownerName: string;
  address: string;
  senderName: string;
}): string {
  const greeting = homeownerName ? `Hi ${homeownerName}` : 'Hi';
  const from = senderName ? `, this is ${senderName}` : '';
  return `${greeting}${from} about your house at ${address}. Is now a good time to talk about your cash offer?`;
}
