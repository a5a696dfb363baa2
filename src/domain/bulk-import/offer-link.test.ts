import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { offerLinkUrl, parseOfferLink, type OfferLink } from './offer-link';

const link: OfferLink = {
  intent: 'negotiate',
  address: '12 Oak St & Co, #4',
  marketValue: 250000.5,
  offerRange: { low: 155000, high: 170000 },
  templateName: 'Fix & Flip',
};

describe('offer links', () => {
  it('round-trips through the URL', () => {
    const url = new URL(offerLinkUrl('http://localhost:3000', link));
    expect(url.pathname).toBe('/');
    expect(parseOfferLink(url.searchParams)).toEqual(link);
  });

  it.each([
    'intent=buy&address=1+A+St&market_value=100000&offer_low=1&offer_high=2&template=x',
    'intent=accept&address=&market_value=100000&offer_low=1&offer_high=2&template=x',
    'intent=accept&address=1+A+St&market_value=0&offer_low=0&offer_high=0&template=x',
    'intent=accept&address=1+A+St&market_value=100000&offer_low=3&offer_high=2&template=x',
    'intent=accept&address=1+A+St&market_value=100000&offer_low=1e3&offer_high=2000&template=x',
    'intent=accept&address=1+A+St&market_value=100000&offer_low=1&offer_high=200000&template=x',
    'address=1+A+St&market_value=100000&offer_low=1&offer_high=2',
  ])('refuses %s', (query) => {
    expect(parseOfferLink(new URLSearchParams(query))).toBeNull();
  });

  it('round-trips any address', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 200 }).filter((text) => text.trim() !== ''),
        (address) => {
          const url = new URL(offerLinkUrl('https://a.example', { ...link, address: address.trim() }));
          expect(parseOfferLink(url.searchParams)?.address).toBe(address.trim());
        },
      ),
    );
  });
});
