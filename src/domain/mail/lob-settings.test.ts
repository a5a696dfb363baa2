import { describe, expect, it } from 'vitest';
import { isLobTestKey, LobSettingsSchema, lobMessages, mailCostCents, postalAddressParts } from './lob-settings';

describe('postalAddressParts', () => {
  it.each([
    ['12 Main St, Austin, TX 78701', { street: '12 Main St', city: 'Austin', state: 'TX', zip: '78701' }],
    ['12 Main St\nAustin, tx 78701-1234', { street: '12 Main St', city: 'Austin', state: 'TX', zip: '78701-1234' }],
    [
      'PO Box 9, Suite 2, San Jose CA 95112',
      { street: 'PO Box 9, Suite 2', city: 'San Jose', state: 'CA', zip: '95112' },
    ],
  ])('reads %j', (text, parts) => {
    expect(postalAddressParts(text)).toEqual(parts);
  });

  it.each(['12 Main St', 'Austin, TX', '12 Main St, Austin, Texas 78701', ''])('refuses %j', (text) => {
    expect(postalAddressParts(text)).toBeNull();
  });
});

describe('LobSettingsSchema', () => {
  it('takes a test or live key and defaults the price and cap', () => {
    expect(LobSettingsSchema.parse({ apiKey: 'test_abc123' })).toEqual({
      apiKey: 'test_abc123',
      pricePerPieceCents: 83,
      monthlyPieceCap: 1_000,
    });
    expect(LobSettingsSchema.safeParse({ apiKey: 'live_x9' }).success).toBe(true);
  });

  it.each(['sk_test_1', 'test_ has space', 'test_<script>'])('refuses the key %j with the message', (apiKey) => {
    const result = LobSettingsSchema.safeParse({ apiKey });
    expect(result.error?.issues[0]?.message).toBe(lobMessages.apiKeyInvalid);
  });

  it('refuses a price of zero or a fractional cap', () => {
    expect(LobSettingsSchema.safeParse({ pricePerPieceCents: 0 }).error?.issues[0]?.message).toBe(
      lobMessages.priceInvalid,
    );
    expect(LobSettingsSchema.safeParse({ monthlyPieceCap: 1.5 }).error?.issues[0]?.message).toBe(
      lobMessages.capInvalid,
    );
  });
});

describe('isLobTestKey and mailCostCents', () => {
  it('tells a test key and prices pieces in cents', () => {
    expect(isLobTestKey('test_abc')).toBe(true);
    expect(isLobTestKey('live_abc')).toBe(false);
    expect(mailCostCents(3, 83)).toBe(249);
  });
});

describe('LobSettingsFormSchema', () => {
  it('reads a price in dollars and a cap with commas; blank key and secret keep the stored ones', async () => {
    const { LobSettingsFormSchema, formatCents } = await import('./lob-settings');
    expect(
      LobSettingsFormSchema.parse({
        apiKey: '',
        webhookSecret: ' s3cret ',
        pricePerPiece: '$1.05',
        monthlyPieceCap: '2,500',
      }),
    ).toEqual({ webhookSecret: 's3cret', pricePerPieceCents: 105, monthlyPieceCap: 2_500 });
    expect(
      LobSettingsFormSchema.safeParse({ apiKey: '', webhookSecret: '', pricePerPiece: 'free', monthlyPieceCap: '1' })
        .error?.issues[0]?.message,
    ).toBe(lobMessages.priceInvalid);
    expect(formatCents(166)).toBe('$1.66');
  });
});
