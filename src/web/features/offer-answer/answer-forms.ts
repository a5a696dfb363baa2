import { z } from 'zod';
import { HomeownerContactSchema } from '#domain/contact/contact-schema.ts';
import { parseDesiredPrice } from '#domain/leads/desired-price.ts';
import { MAX_NOTES_LENGTH } from '#domain/leads/mls-program-schema.ts';

const message = z.string().trim().max(MAX_NOTES_LENGTH, `Message must be at most ${MAX_NOTES_LENGTH} characters`);

/** Accepting, or asking for a new offer: the contact (all required) and an optional message. */
export const ContactAnswerFormSchema = HomeownerContactSchema.extend({ message });

/** Countering: the desired price as typed ('150000', '$150,000'), then the contact and message. */
export const CounterAnswerFormSchema = ContactAnswerFormSchema.extend({
  desiredPrice: z.string().transform((typed, context) => {
    const parsed = parseDesiredPrice(typed);
    if (parsed.ok) return parsed.value;
    context.addIssue({ code: 'custom', message: parsed.message });
    return z.NEVER;
  }),
});

export type ContactAnswerForm = z.output<typeof ContactAnswerFormSchema>;
