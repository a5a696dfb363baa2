import type { OfferAnswerRequestInput } from '#domain/leads/offer-answer-request.ts';
import type { ContactAnswerForm } from './answer-forms';

// Apart from the forms' schemas (answer-forms.ts), which load with the forms: the offer page's
// first code does without zod.

/** The answers a homeowner writes in a form of their own; the programme request has its own form. */
export type ContactAnswerKind = 'accept' | 'counter' | 'new-offer';

/** The request for one contact answer, as POST /api/public/offers/{token}/responses takes it. */
export function contactAnswer(
  kind: ContactAnswerKind,
  { name, email, phone, message: text }: ContactAnswerForm,
  desiredPrice?: number,
): OfferAnswerRequestInput {
  const contact = { name, email, phone };
  if (kind === 'counter') return { kind, desiredPrice: desiredPrice ?? 0, contact, message: text };
  return { kind, contact, message: text };
}
