import { describe, expect, it } from 'vitest';
import { parseShortCode } from '#domain/mail/short-code.ts';
import { createShortCode, openShortCode, sealShortCode, shortCodeDigest } from './short-code-seal';

const secret = 'a-server-secret-of-enough-length-0123456789';

describe('short code seal', () => {
  it('draws codes a reader can type back, all different', () => {
    const codes = Array.from({ length: 1_000 }, createShortCode);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(parseShortCode(code)).toBe(code);
  });

  it('finds a code by a digest that depends on the server secret', () => {
    const code = createShortCode();
    expect(shortCodeDigest(secret, code)).toBe(shortCodeDigest(secret, code));
    expect(shortCodeDigest(secret, code)).not.toBe(shortCodeDigest(`${secret}x`, code));
    expect(shortCodeDigest(secret, code)).not.toContain(code);
  });

  it('opens what it sealed, and nothing edited or sealed under another secret', () => {
    const value = { code: createShortCode(), token: 'a'.repeat(43) };
    const sealed = sealShortCode(secret, value);
    expect(sealed).not.toContain(value.code);
    expect(sealed).not.toContain(value.token);
    expect(openShortCode(secret, sealed)).toEqual(value);
    expect(() => openShortCode(`${secret}x`, sealed)).toThrow();
    const [iv, tag, body] = sealed.split('.');
    const flipped = `${body![0] === 'A' ? 'B' : 'A'}${body!.slice(1)}`;
    expect(() => openShortCode(secret, [iv, tag, flipped].join('.'))).toThrow();
    expect(() => openShortCode(secret, 'not-sealed')).toThrow();
  });
});
