import { describe, expect, it } from 'vitest';
import { complianceFooter } from '../email/compliance-footer';
import { dealEmail, dealPageUrl } from './deal-email';

const parts = {
  unsubscribeUrl: 'https://app.example/unsubscribe?token=abc',
  sender: { name: 'Lee Homes', postalAddress: '1 Main St\nAustin, TX 78701' },
};
const input = {
  buyerName: 'Ann <b>Lee</b>',
  address: '88 Birch Ln,\nAustin, TX 78702',
  askingPrice: 185_000,
  url: dealPageUrl('https://app.example', 'tok_en-1'),
  senderName: 'Lee Homes',
  firstLook: false,
};

describe('dealEmail', () => {
  it('carries the address on one line, the asking price, the buyer’s own link and the compliance footer', () => {
    const email = dealEmail(input, parts);
    const footer = complianceFooter(parts);
    expect(email.subject).toBe('A deal under contract at 88 Birch Ln, Austin, TX 78702');
    expect(email.text).toContain('Asking price: $185,000');
    expect(email.text).toContain('https://app.example/deal/tok_en-1');
    expect(email.text).toContain(footer.text);
    expect(email.html).toContain(footer.html);
    expect(email.html).toContain('Ann &lt;b&gt;Lee&lt;/b&gt;');
  });

  it('says a proven buyer’s first look, and leaves out an asking price not set', () => {
    const email = dealEmail({ ...input, askingPrice: null, firstLook: true }, parts);
    expect(email.subject).toMatch(/^First look: /);
    expect(email.text).not.toContain('Asking price');
  });
});
