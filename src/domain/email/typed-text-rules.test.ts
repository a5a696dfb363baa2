import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { carriesLinkOrMarkup } from './typed-text-rules';

describe('carriesLinkOrMarkup', () => {
  it.each([
    '123 Main St - your account is locked - verify at evil.example/login',
    'see https://evil.example',
    'HTTP://EVIL.EXAMPLE',
    'go to www.evil.example now',
    'evil.example:8080',
    'visit paypal.com',
    'write to ann@evil.example',
    'mailto:ann@evil.example',
    'javascript:alert(1)',
    '<a href=x>click</a>',
    '<img src=x onerror=alert(1)>',
    '<!-- hidden -->',
    '&#104;ttps',
    '&lt;b&gt;',
  ])('refuses %j', (text) => {
    expect(carriesLinkOrMarkup(text)).toBe(true);
  });

  it.each([
    '123 Main St., Springfield, IL 62704',
    '4 Elm Ave. Apt 2B, St. Louis, MO',
    'PO Box 12, Austin TX 78701',
    'Happy to talk: the roof is 5 yrs old, price is firm at $250,000 (negotiable < 2 weeks).',
    'Offer valid 7 days. Call me at (555) 123-4567.',
    'Rue de l’Église 3, 75001 Paris',
    '',
  ])('accepts the plain %j', (text) => {
    expect(carriesLinkOrMarkup(text)).toBe(false);
  });

  it('finds a link wherever it sits in plain words', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z0-9 ,]{0,40}$/),
        fc.constantFrom('https://a.example', 'www.a.example', 'a.example/x', 'a@b.example'),
        fc.stringMatching(/^[A-Za-z0-9 ,]{0,40}$/),
        (before, link, after) => {
          expect(carriesLinkOrMarkup(`${before} ${link} ${after}`)).toBe(true);
        },
      ),
    );
  });
});
