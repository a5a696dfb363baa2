import { describe, expect, it } from 'vitest';
import { createSettingsCipher, SettingUnreadableError } from './settings-cipher';

const secret = 'a-server-secret-of-at-least-32-characters!';

describe('createSettingsCipher (AES-256-GCM, key by HKDF from the server secret)', () => {
  const cipher = createSettingsCipher(secret);

  it('round-trips, with a fresh IV each time and no plaintext in the sealed value', () => {
    const first = cipher.seal('pit-secret-key-1234', 'user-1:ghl_api_key');
    const second = cipher.seal('pit-secret-key-1234', 'user-1:ghl_api_key');
    expect(first).toMatch(/^v1:[A-Za-z0-9+/=]+$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain('pit-secret');
    expect(cipher.open(first, 'user-1:ghl_api_key')).toBe('pit-secret-key-1234');
  });

  it('refuses a value moved to another owner, altered, or sealed under another secret', () => {
    const sealed = cipher.seal('pit-secret-key-1234', 'user-1:ghl_api_key');
    expect(() => cipher.open(sealed, 'user-2:ghl_api_key')).toThrow(SettingUnreadableError);
    const bytes = Buffer.from(sealed.slice(3), 'base64');
    bytes[bytes.length - 1]! ^= 1;
    expect(() => cipher.open(`v1:${bytes.toString('base64')}`, 'user-1:ghl_api_key')).toThrow(SettingUnreadableError);
    expect(() => createSettingsCipher(`${secret}-rotated`).open(sealed, 'user-1:ghl_api_key')).toThrow(
      SettingUnreadableError,
    );
    expect(() => cipher.open('plain-text-key', 'user-1:ghl_api_key')).toThrow(SettingUnreadableError);
    expect(() => cipher.open('v1:AAAA', 'user-1:ghl_api_key')).toThrow(SettingUnreadableError);
  });
});
