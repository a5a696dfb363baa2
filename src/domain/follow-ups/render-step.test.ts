import { describe, expect, it } from 'vitest';
import { complianceFooter } from '../email/compliance-footer';
import { renderFollowUpEmail } from './render-step';
import { defaultFollowUpSequence } from './sequence';

const deal = {
  recipientName: 'Ann <b>Lee</b>',
  address: '12 Oak St,\nAustin, TX',
  offerRange: { low: 113000, high: 128000 },
  offerUrl: 'https://offers.example.com/offer/abc?x=1&y=2',
  offerExpiresAt: new Date('2026-12-02T12:00:00Z'),
  wholesalerName: 'Lee Homes',
  wholesalerPhone: '',
};
const compliance = {
  unsubscribeUrl: 'https://offers.example.com/unsubscribe?token=t',
  sender: { name: 'Lee Homes', postalAddress: '1 Main St, Austin, TX 78701' },
};
const step = defaultFollowUpSequence.steps[1] as { subject: string; body: string };

describe('renderFollowUpEmail', () => {
  it('fills every field of the built-in step, in one subject line and a plain-text body', () => {
    const email = renderFollowUpEmail(step, deal, compliance);
    expect(email.subject).toBe('Did you see our cash offer for 12 Oak St, Austin, TX?');
    expect(email.text).toContain('Hi Ann,');
    expect(email.text).toContain('$113,000 - $128,000');
    expect(email.text).toContain('December 2, 2026');
    expect(email.text).toContain(deal.offerUrl);
    expect(email.text).toContain('call Lee Homes at the number in our offer');
    expect(email.text).not.toMatch(/\{[a-zA-Z]+\}/);
  });

  it('escapes every value in the HTML, links only the offer, and ends with the compliance footer', () => {
    const email = renderFollowUpEmail({ ...step, body: 'Dear {firstName} <i>x</i>: {offerLink}' }, deal, compliance);
    expect(email.html).toContain('Dear Ann &lt;i&gt;x&lt;/i&gt;:');
    expect(email.html).toContain(
      '<a href="https://offers.example.com/offer/abc?x=1&amp;y=2">https://offers.example.com/offer/abc?x=1&amp;y=2</a>',
    );
    const footer = complianceFooter(compliance);
    expect(email.html.endsWith(footer.html)).toBe(true);
    expect(email.text.endsWith(footer.text)).toBe(true);
  });

  it('greets a homeowner with no known name as “there”, and leaves unknown braces as typed', () => {
    const email = renderFollowUpEmail(
      { subject: '{nope}', body: 'Hi {firstName}' },
      { ...deal, recipientName: ' ' },
      compliance,
    );
    expect(email.subject).toBe('{nope}');
    expect(email.text.startsWith('Hi there')).toBe(true);
  });
});
