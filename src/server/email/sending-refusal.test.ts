import { describe, expect, it } from 'vitest';
import { Refusal } from '../http/refusal';
import {
  SendingRefusal,
  sendingRefusalOf,
  type SendingRefusalCode,
  type SendingRefusalReason,
} from './sending-refusal';

describe('sendingRefusalOf', () => {
  it.each<[SendingRefusalCode, SendingRefusalReason]>([
    ['email-not-verified', 'sender-cannot-send'],
    ['postal-address-required', 'sender-cannot-send'],
    ['profile-link-or-markup', 'sender-cannot-send'],
    ['link-or-markup', 'link-or-markup'],
    ['recipient-unsubscribed', 'recipient-unsubscribed'],
    ['recipient-cooldown', 'recipient-cooldown'],
    ['daily-limit', 'daily-limit'],
  ])('reads the policy’s %s as %s, with its message', (code, reason) => {
    expect(sendingRefusalOf(new SendingRefusal(403, 'Not now', { code }))).toEqual({ reason, message: 'Not now' });
  });

  it('answers over HTTP as any refusal', () => {
    const refusal = new SendingRefusal(429, 'Too soon', { code: 'recipient-cooldown' });
    expect(refusal).toBeInstanceOf(Refusal);
    expect(refusal.body()).toEqual({ error: 'Too soon', code: 'recipient-cooldown' });
  });

  it('decodes nothing but the sending policy’s refusals', () => {
    expect(sendingRefusalOf(new Refusal(409, 'Already following up', { code: 'follow-up-active' }))).toBeNull();
    expect(sendingRefusalOf(new Error('connection lost'))).toBeNull();
  });
});
