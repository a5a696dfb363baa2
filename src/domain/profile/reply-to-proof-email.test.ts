import { describe, expect, it } from 'vitest';
import { replyToProofEmail } from './reply-to-proof-email';

const input = (name: string) => ({
  requester: { name, accountEmail: 'lee@example.com' },
  confirmUrl: 'https://app.example/confirm-reply-to?token=t',
  unsubscribeUrl: 'https://app.example/unsubscribe?token=u',
});

describe('replyToProofEmail', () => {
  it('keeps the requester’s name out of the subject, whatever it is, and says who asked in the body', () => {
    for (const name of ['Lee Homes', 'URGENT your mailbox closes today\r\nreply now']) {
      const email = replyToProofEmail(input(name));
      expect(email.subject).toBe('Confirm your e-mail address for the Cash Offer Calculator');
      expect(email.text).toContain('(lee@example.com) asked');
    }
    expect(replyToProofEmail(input('<b>Lee</b>')).html).toContain('&lt;b&gt;Lee&lt;/b&gt;');
  });
});
