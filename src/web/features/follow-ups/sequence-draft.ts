import type { FollowUpSequenceRequestInput } from '#domain/follow-ups/sequence-request.ts';
import type { FollowUpSequence } from '#domain/follow-ups/sequence.ts';

/** One step after the offer as the editor holds it: its day as typed, its kind, and its texts. */
export type StepDraft = {
  kind: 'email' | 'call' | 'text' | 'mail' | 'letter' | 'postcard';
  day: string;
  subject: string;
  body: string;
  renewsOffer: boolean;
};

export const kinds: StepDraft['kind'][] = ['email', 'call', 'text', 'mail', 'letter', 'postcard'];

/** The sequence as the editor starts from it (the offer step is not edited). */
export function draftOf(sequence: FollowUpSequence): { name: string; steps: StepDraft[] } {
  return {
    name: sequence.name,
    steps: sequence.steps.flatMap((step) =>
      step.kind === 'offer'
        ? []
        : [
            {
              kind: step.kind,
              day: String(step.day),
              subject: step.kind === 'email' ? step.subject : '',
              body: 'body' in step ? step.body : '',
              renewsOffer: 'renewsOffer' in step ? step.renewsOffer : false,
            },
          ],
    ),
  };
}

/** The draft as the request the server's schema checks (a blank day is no number). */
export function requestOf(draft: { name: string; steps: StepDraft[] }): FollowUpSequenceRequestInput {
  return {
    name: draft.name,
    steps: draft.steps.map((step) => {
      const day = step.day.trim() === '' ? Number.NaN : Number(step.day);
      if (step.kind === 'letter' || step.kind === 'postcard')
        return { kind: step.kind, day, renewsOffer: step.renewsOffer };
      return step.kind === 'email'
        ? { kind: 'email', day, subject: step.subject, body: step.body, renewsOffer: step.renewsOffer }
        : { kind: step.kind, day, body: step.body };
    }),
  };
}
