import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scriptSafeJson } from './script-safe-json';

describe('scriptSafeJson', () => {
  it('cannot end or comment out its script element, whatever an address holds', () => {
    const hostile = { address: '1 Main St</script><script>alert(1)</script><!-- &amp; -->' };
    const json = scriptSafeJson(hostile);
    expect(json).not.toMatch(/<|>|&/);
    expect(json).toBe(
      '{"address":"1 Main St\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e\\u003c!-- \\u0026amp; --\\u003e"}',
    );
  });

  it('reads back as the same value, with no markup character left in the text', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const json = scriptSafeJson(value);
        expect(json).not.toMatch(/[<>&\u2028\u2029]/);
        expect(JSON.parse(json)).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });
});
