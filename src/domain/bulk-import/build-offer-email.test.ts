import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildOfferEmail, OFFER_BENEFITS } from './build-offer-email';
import type { BulkImportProperty } from './bulk-import-property';

const property: BulkImportProperty = {
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@example.com',
  address: '12 Oak St, Austin, TX',
  marketValue: 250000,
  offerRange: { low: 155000, high: 170000 },
};
const input = {
  property,
  offerUrl: 'https://offers.example.com/offer/AbC123_-xyz',
  letterUrl: 'https://offers.example.com/api/public/offers/AbC123_-xyz/letter.pdf',
  expiresAt: new Date('2026-11-29T17:00:00.000Z'),
  unsubscribeUrl: 'https://offers.example.com/unsubscribe?token=abc.def',
  wholesalerEmail: 'deals@wholesaler.example',
  sender: { name: 'Lee Homes', postalAddress: '1 Main St\nSuite 200\r\nAustin, TX 78701' },
};

const hrefs = (html: string) =>
  [...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]!.replaceAll('&amp;', '&'));

describe('buildOfferEmail', () => {
  it('has the §7 subject, range, links, benefits, validity and unsubscribe link', () => {
    const email = buildOfferEmail(input);
    expect(email.subject).toBe('Cash Offer for 12 Oak St, Austin, TX');
    for (const body of [email.html, email.text]) {
      expect(body).toContain('$155,000 - $170,000');
      expect(body).toContain('This offer is valid for 7 days (until November 29, 2026).');
      expect(body).toContain('deals@wholesaler.example');
      for (const benefit of OFFER_BENEFITS) expect(body).toContain(benefit);
    }
    expect(email.html).toContain('Dear Ann Lee,');
    const [accept, negotiate, letter, unsubscribe] = hrefs(email.html);
    // Both buttons open the offer's own answerable page (issue 12), with the form to open.
    expect(accept).toBe('https://offers.example.com/offer/AbC123_-xyz?intent=accept');
    expect(negotiate).toBe('https://offers.example.com/offer/AbC123_-xyz?intent=negotiate');
    expect(letter).toBe(input.letterUrl);
    expect(unsubscribe).toBe(input.unsubscribeUrl);
    expect(email.text).toContain(accept!);
    expect(email.text).toContain(`The offer as a letter (PDF): ${input.letterUrl}`);
    expect(email.text).toContain(input.unsubscribeUrl);
  });

  it("names the sender and carries the sender's postal address (CAN-SPAM), on one line", () => {
    const email = buildOfferEmail(input);
    const sentBy = 'This offer was sent by Lee Homes, 1 Main St, Suite 200, Austin, TX 78701.';
    expect(email.text.split('\n').at(-1)).toBe(sentBy);
    expect(email.html).toContain(sentBy);
    const hostile = buildOfferEmail({ ...input, sender: { name: '<b>Lee</b>', postalAddress: '<i>1 Main</i>' } });
    expect(hostile.html).toContain('This offer was sent by &lt;b&gt;Lee&lt;/b&gt;, &lt;i&gt;1 Main&lt;/i&gt;.');
  });

  it('greets an LLC owner by the entity and a nameless owner as Property Owner', () => {
    expect(
      buildOfferEmail({ ...input, property: { ...property, firstName: 'Owner', lastName: 'OAK LLC' } }).text,
    ).toMatch(/^Dear OAK LLC,/);
    expect(
      buildOfferEmail({ ...input, property: { ...property, firstName: 'Property', lastName: 'Owner' } }).text,
    ).toMatch(/^Dear Property Owner,/);
  });

  it('reads with the city, state and ZIP a list gave (issue 41), once', () => {
    const listed = { ...input.property, address: '2219 E 34th St', city: 'Austin', state: 'TX', zip: '78722' };
    const email = buildOfferEmail({ ...input, property: listed });
    expect(email.subject).toBe('Cash Offer for 2219 E 34th St, Austin, TX 78722');
    expect(email.text).toContain('at 2219 E 34th St, Austin, TX 78722 for cash');
    const already = { ...listed, address: '2219 E 34th St, Austin, TX 78722' };
    expect(buildOfferEmail({ ...input, property: already }).subject).toBe(
      'Cash Offer for 2219 E 34th St, Austin, TX 78722',
    );
  });

  it('escapes every value put into the HTML, and keeps the subject on one line', () => {
    const hostile = {
      ...input,
      wholesalerEmail: '"><script>alert(1)</script>@x.com',
      property: {
        ...property,
        firstName: '<img src=x onerror=alert(1)>',
        lastName: '&',
        address: '1 "Oak" St\r\nBcc: victim@x.com <b>',
      },
    };
    const email = buildOfferEmail(hostile);
    expect(email.subject).toBe('Cash Offer for 1 "Oak" St Bcc: victim@x.com <b>');
    expect(email.html).not.toContain('<script>');
    expect(email.html).not.toContain('<img');
    expect(email.html).not.toContain('<b>');
    expect(email.html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp;');
    expect(email.html).toContain('1 &quot;Oak&quot; St Bcc: victim@x.com &lt;b&gt;');
    // The address no longer travels in the links: they carry only the offer page and the intent.
    expect(hrefs(email.html)[0]).toBe(`${input.offerUrl}?intent=accept`);
  });

  it('never lets a value open a tag or leave an attribute', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), (name, address, wholesaler) => {
        const email = buildOfferEmail({
          ...input,
          wholesalerEmail: wholesaler,
          property: { ...property, firstName: name, address: address || '1 A St' },
        });
        const tags = [...email.html.matchAll(/<\/?([a-z0-9]+)/gi)].map((match) => match[1]!.toLowerCase());
        expect(new Set(tags)).toEqual(
          new Set(
            ['!doctype', 'html', 'body', 'p', 'strong', 'a', 'h2', 'ul', 'li'].filter((tag) => tag !== '!doctype'),
          ),
        );
        expect(hrefs(email.html)).toHaveLength(4);
      }),
    );
  });
});
