import { describe, expect, it } from 'vitest';
import {
  chosenProofOfFundsProblem,
  isProofOfFundsContentType,
  MAX_PROOF_OF_FUNDS_BYTES,
  PROOF_OF_FUNDS_CONTENT_TYPES,
  proofOfFundsExtensions,
  proofOfFundsMessages,
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

  it('says what is wrong with a chosen file before it is sent, in the words the server uses', () => {
    expect(chosenProofOfFundsProblem({ size: 1000, type: 'application/pdf' })).toBeNull();
    // A phone's picker may declare no type: the server reads the content.
    expect(chosenProofOfFundsProblem({ size: MAX_PROOF_OF_FUNDS_BYTES, type: '' })).toBeNull();
    expect(chosenProofOfFundsProblem({ size: 1000, type: 'text/html' })).toBe(proofOfFundsMessages.wrongType);
    expect(chosenProofOfFundsProblem({ size: MAX_PROOF_OF_FUNDS_BYTES + 1, type: 'image/png' })).toBe(
      proofOfFundsMessages.tooLarge,
    );
  });
});
