import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseEmailAddress } from './parse-email-address';

describe('parseEmailAddress', () => {
  it.each([
    ['ann@example.com', 'ann@example.com'],
    ['  Ann.Lee+offers@Example.COM\r', 'ann.lee+offers@example.com'],
    ["o'neil@sub.example.co.uk", "o'neil@sub.example.co.uk"],
    ['ann@xn--bcher-kva.example', 'ann@xn--bcher-kva.example'],
    // Display-name forms are reduced to the address (and never sent with their display part).
    ['X<victim@example.org>', 'victim@example.org'],
    ['Ann Lee <Ann@Example.com>', 'ann@example.com'],
    ['"Lee, Ann" <ann@example.com>', 'ann@example.com'],
    ['<ann@example.com>', 'ann@example.com'],
  ])('%j → %j', (value, expected) => {
    expect(parseEmailAddress(value)).toBe(expected);
  });

  it.each([
    '',
    'nobody',
    'ann.example.com',
    'ann @example.com',
    'ann@localhost',
    'ann@example',
    'ann@-example.com',
    'ann@example..com',
    '.ann@example.com',
    'ann.@example.com',
    'a..b@example.com',
    'a@x.com; b@y.com',
    'a@x.com,b@y.com',
    '"a b"@example.com',
    'ann@[127.0.0.1]',
    'X<victim@example.org>, Y<other@example.org>',
    'X<victim@example.org',
    'victim@example.org>',
    'X <a@x.com> <b@y.com>',
    'Ann <ann @example.com>',
    'ann@example.com\nBcc: b@y.com',
    'ann@exämple.com',
    `${'a'.repeat(65)}@example.com`,
    `a@${'b'.repeat(250)}.com`,
  ])('refuses %j', (value) => {
    expect(parseEmailAddress(value)).toBeNull();
  });

  it('gives an address that parses to itself, without spaces, angle brackets or upper case', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 40 }), fc.emailAddress()), (value) => {
        const address = parseEmailAddress(value);
        if (address === null) return;
        expect(address).not.toMatch(/[\s<>A-Z,;"]/);
        expect(address.split('@')).toHaveLength(2);
        expect(parseEmailAddress(address)).toBe(address);
      }),
    );
  });
});
