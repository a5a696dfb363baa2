import { describe, expect, it } from 'vitest';
import { OfferAnswerRequestSchema } from '#domain/leads/offer-answer-request.ts';
import { CounterAnswerFormSchema } from './answer-forms';
import { contactAnswer } from './contact-answer';

const contact = { name: 'Ann Lee', email: 'ann@example.com', phone: '512-555-0100', message: '' };

describe('answer forms', () => {
  it('reads a typed desired price the way the calculator reads money', () => {
    expect(CounterAnswerFormSchema.parse({ ...contact, desiredPrice: '$150,000' }).desiredPrice).toBe(150000);
    const refused = CounterAnswerFormSchema.safeParse({ ...contact, desiredPrice: 'lots' });
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['desiredPrice', 'Desired price must be a number'],
    ]);
    expect(CounterAnswerFormSchema.safeParse({ ...contact, desiredPrice: '' }).error?.issues[0]?.message).toBe(
      'Please enter your desired price',
    );
  });

  it('builds answers the server’s schema accepts', () => {
    for (const answer of [
      contactAnswer('accept', contact),
      contactAnswer('new-offer', { ...contact, message: 'Still interested' }),
      contactAnswer('counter', contact, 150000),
    ]) {
      expect(OfferAnswerRequestSchema.safeParse(answer).success).toBe(true);
    }
    expect(contactAnswer('counter', contact, 150000)).toMatchObject({ kind: 'counter', desiredPrice: 150000 });
  });
});
