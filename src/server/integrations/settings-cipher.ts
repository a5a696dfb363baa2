import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const FORMAT = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class SettingUnreadableError extends Error {
  override name = 'SettingUnreadableError';
}

/** Encrypts and decrypts wholesaler settings at rest (AES-256-GCM), each value bound to its owner and name. */
export interface SettingsCipher {
  /** 'v1:' + base64(iv ‖ tag ‖ ciphertext). `owner` (user id and setting name) is authenticated, so a value copied to another row does not open. */
  seal(plaintext: string, owner: string): string;
  /** The plaintext; throws SettingUnreadableError if the value was altered, moved or sealed under another server secret. */
  open(sealed: string, owner: string): string;
}

/**
 * A cipher keyed by HKDF-SHA256 from the server's secret (the one that signs sessions), so the
 * database alone never holds what decrypts the settings. Changing the secret makes stored
 * values unreadable; the user is then asked to enter them again.
 */
export function createSettingsCipher(serverSecret: string): SettingsCipher {
  const key = Buffer.from(
    hkdfSync('sha256', serverSecret, 'cash-offer-calculator', 'wholesaler-settings/aes-256-gcm/v1', 32),
  );
  return {
    seal(plaintext, owner) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(owner, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return `${FORMAT}:${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64')}`;
    },
    open(sealed, owner) {
      const [format, encoded] = sealed.split(':', 2);
      if (format !== FORMAT || !encoded) throw new SettingUnreadableError('unknown setting format');
      const bytes = Buffer.from(encoded, 'base64');
      if (bytes.length < IV_BYTES + TAG_BYTES) throw new SettingUnreadableError('setting too short');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
        decipher.setAAD(Buffer.from(owner, 'utf8'));
        decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        throw new SettingUnreadableError('setting does not decrypt with this server secret');
      }
    },
  };
}
