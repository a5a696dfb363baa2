import { describe, expect, it } from 'vitest';
import { normalizeUnsubscribeEmail, suppressionKeysOf } from './unsubscribe-token';

describe('normalizeUnsubscribeEmail', () => {
  it('matches Gmail the way Gmail delivers: dots and +tags ignored, googlemail.com is gmail.com', () => {
    for (const form of ['ann@gmail.com', 'a.n.n@gmail.com', 'A.N.N+offers@Gmail.com', 'an.n@googlemail.com'])
      expect(normalizeUnsubscribeEmail(form)).toBe('ann@gmail.com');
  });

  it('keeps dots elsewhere, where they make another mailbox', () => {
    expect(normalizeUnsubscribeEmail('a.n.n@example.com')).toBe('a.n.n@example.com');
    expect(normalizeUnsubscribeEmail('a.n.n@gmail.com.example')).toBe('a.n.n@gmail.com.example');
  });
});

describe('suppressionKeysOf', () => {
  it('names the mailbox’s unsubscribe key and the exact address a bounce is stored under', () => {
    expect(suppressionKeysOf('Ann <Ann+Offers@Example.com>')).toEqual(['ann@example.com', 'ann+offers@example.com']);
    expect(suppressionKeysOf('A.N.N@gmail.com')).toEqual(['ann@gmail.com', 'a.n.n@gmail.com']);
    expect(suppressionKeysOf(' ann@example.com ')).toEqual(['ann@example.com']);
  });
});
