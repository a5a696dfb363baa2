import { describe, expect, it } from 'vitest';
import {
  isProofOfFundsContentType,
  PROOF_OF_FUNDS_CONTENT_TYPES,
  proofOfFundsExtensions,
  proofOfFundsTypeOfName,
} from './proof-of-funds-rules';

describe('proof-of-funds file types', () => {
  it('takes a PDF and the three photo types, and nothing a browser could run', () => {
    for (const type of PROOF_OF_FUNDS_CONTENT_TYPES) expect(isProofOfFundsContentType(type)).toBe(true);
    for (const type of ['text/html', 'image/svg+xml', 'application/xml', 'image/gif', undefined])
      expect(isProofOfFundsContentType(type)).toBe(false);
  });

  it('reads a stored name back to its type through its extension, and no other name', () => {
    for (const type of PROOF_OF_FUNDS_CONTENT_TYPES)
      expect(proofOfFundsTypeOfName(`proof-of-funds/abc.${proofOfFundsExtensions[type]}`)).toBe(type);
    for (const name of ['proof-of-funds/abc', 'proof-of-funds/abc.svg', 'proof-of-funds/abc.pdf.html', 'abc.PDF'])
      expect(proofOfFundsTypeOfName(name)).toBeUndefined();
  });
});
