import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatShortCode,
  parseShortCode,
  printedShortAddress,
  SHORT_CODE_ALPHABET,
  SHORT_CODE_LENGTH,
  SHORT_CODE_RANDOM_BYTES,
  shortAddress,
  shortCodeFromBytes,
} from './short-code';

const randomBytes = fc.uint8Array({ minLength: SHORT_CODE_RANDOM_BYTES, maxLength: SHORT_CODE_RANDOM_BYTES });

describe('short codes', () => {
  it('draw from 32 characters without look-alikes: 10 of them carry 50 bits', () => {
    expect(new Set(SHORT_CODE_ALPHABET).size).toBe(32);
    for (const lookAlike of ['I', 'L', 'O', 'U']) expect(SHORT_CODE_ALPHABET).not.toContain(lookAlike);
    expect(SHORT_CODE_LENGTH * Math.log2(SHORT_CODE_ALPHABET.length)).toBeGreaterThanOrEqual(50);
  });

  it('use the first 50 random bits, 5 per character', () => {
    expect(shortCodeFromBytes(new Uint8Array(7))).toBe('0000000000');
    expect(shortCodeFromBytes(new Uint8Array(7).fill(255))).toBe('ZZZZZZZZZZ');
    // 0b00001 00010 00011 … : the first byte 0x08 starts '1'.
    expect(shortCodeFromBytes(Uint8Array.from([0x08, 0x86, 0x42, 0x98, 0xe8, 0x00, 0x00]))).toMatch(/^12345678/);
    expect(() => shortCodeFromBytes(new Uint8Array(6))).toThrow();
  });

  it('read back as typed: any case, with or without the dash or spaces, O as 0 and I or L as 1', () => {
    fc.assert(
      fc.property(randomBytes, fc.constantFrom('upper', 'lower', 'dash', 'spaces'), (bytes, spelling) => {
        const code = shortCodeFromBytes(bytes);
        expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);
        const printed = formatShortCode(code);
        const typed = {
          upper: printed,
          lower: printed.toLowerCase(),
          dash: code.toLowerCase(),
          spaces: ` ${code.slice(0, 3)} ${code.slice(3)} `,
        }[spelling];
        expect(parseShortCode(typed)).toBe(code);
      }),
    );
    expect(parseShortCode('o1lI0-abcde')).toBe('01110ABCDE');
  });

  it('refuse what cannot be a code', () => {
    for (const typed of ['', 'ABCDE-FGHJ', 'ABCDE-FGHJKM', 'ABCDE-FGHJU', 'ABCDE_FGHJK', '../../x', 'A'.repeat(500)])
      expect(parseShortCode(typed)).toBeNull();
  });

  it('make the short address on APP_URL, printed without its scheme', () => {
    expect(shortAddress('https://offers.example', 'ABCDEFGHJK')).toBe('https://offers.example/o/ABCDE-FGHJK');
    expect(printedShortAddress('https://offers.example', 'ABCDEFGHJK')).toBe('offers.example/o/ABCDE-FGHJK');
  });
});
