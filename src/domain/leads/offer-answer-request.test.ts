import { describe, expect, it } from 'vitest';
import { OfferAnswerRequestSchema, answerContact } from './offer-answer-request';

const contact = { name: 'Ann Lee', email: 'ann@example.com', phone: '512-555-0100' };
const error = (body: unknown) => {
  const result = OfferAnswerRequestSchema.safeParse(body);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('OfferAnswerRequestSchema', () => {
  it.each([
    { kind: 'accept', contact },
    { kind: 'counter', desiredPrice: 150000, contact, message: 'Call me' },
    { kind: 'new-offer', contact },
    {
      kind: 'program',
      fullName: 'Ann Lee',
      phone: '512-555-0100',
      email: 'ann@example.com',
      condition: 'Good',
      timeframe: '30',
    },
  ])('accepts %j', (body) => {
    expect(OfferAnswerRequestSchema.safeParse(body).success).toBe(true);
  });

  it.each([
    [{ kind: 'accept' }, undefined],
    [{ kind: 'maybe', contact }, 'Unknown answer'],
    [{ kind: 'counter', contact }, 'Please enter your desired price'],
    [{ kind: 'counter', contact, desiredPrice: -1 }, 'Desired price must be a positive number'],
    [{ kind: 'counter', contact, desiredPrice: 1e11 }, 'Desired price must be at most $10,000,000,000'],
    [
      { kind: 'accept', contact: { ...contact, phone: '5125550100' } },
      'Please enter a valid phone number (XXX-XXX-XXXX)',
    ],
    [{ kind: 'accept', contact, message: 'x'.repeat(2001) }, 'Message must be at most 2000 characters'],
    [{ kind: 'accept', contact: { ...contact, name: 'Ann\u0000' } }, 'Text cannot contain NUL characters'],
    [{ kind: 'accept', contact: { ...contact, name: 'x'.repeat(101) } }, 'Name must be at most 100 characters'],
  ])('refuses %j', (body, message) => {
    const found = error(body);
    expect(found).not.toBeNull();
    if (message) expect(found).toBe(message);
  });

  it('reads the contact from any answer', () => {
    expect(
      answerContact(
        OfferAnswerRequestSchema.parse({
          kind: 'program',
          fullName: 'Bo Diaz',
          phone: '512-555-0101',
          email: 'bo@example.com',
          condition: 'Fair',
          timeframe: 'ASAP',
        }),
      ),
    ).toEqual({ name: 'Bo Diaz', email: 'bo@example.com', phone: '512-555-0101' });
  });
});
