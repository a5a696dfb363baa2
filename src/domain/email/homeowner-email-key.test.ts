import { describe, expect, it } from 'vitest';
import { homeownerEmailKey } from './homeowner-email-key';

describe('homeownerEmailKey', () => {
  it('matches Gmail the way Gmail delivers: dots and +tags ignored, googlemail.com is gmail.com', () => {
    for (const form of ['ann@gmail.com', 'a.n.n@gmail.com', 'A.N.N+offers@Gmail.com', 'an.n@googlemail.com'])
      expect(homeownerEmailKey(form)).toBe('ann@gmail.com');
  });

  it('keeps dots elsewhere, where they make another mailbox', () => {
    expect(homeownerEmailKey('a.n.n@example.com')).toBe('a.n.n@example.com');
    expect(homeownerEmailKey('a.n.n@gmail.com.example')).toBe('a.n.n@gmail.com.example');
  });
});
