import { describe, expect, it } from 'vitest';
import { provenReplyTo } from './proven-reply-to';

const account = {
  accountEmail: 'owner@example.com',
  accountEmailVerified: true,
  replyToEmail: '',
  replyToVerifiedEmail: null,
};

describe('provenReplyTo', () => {
  it.each([
    ['the verified account e-mail, with no reply-to', account, 'owner@example.com'],
    ['nothing while the account e-mail is unverified', { ...account, accountEmailVerified: false }, null],
    [
      'the account e-mail while the reply-to is unproven',
      { ...account, replyToEmail: 'victim@example.net' },
      'owner@example.com',
    ],
    [
      'nothing for an unproven reply-to on an unverified account',
      { ...account, accountEmailVerified: false, replyToEmail: 'victim@example.net' },
      null,
    ],
    [
      'the reply-to once proven',
      { ...account, replyToEmail: 'Desk@Example.com', replyToVerifiedEmail: 'desk@example.com' },
      'Desk@Example.com',
    ],
    [
      'the account e-mail when the reply-to changed after its proof',
      { ...account, replyToEmail: 'victim@example.net', replyToVerifiedEmail: 'desk@example.com' },
      'owner@example.com',
    ],
  ])('answers %s', (_, sender, expected) => {
    expect(provenReplyTo(sender)).toBe(expected);
  });
});
