import { describe, expect, it } from 'vitest';
import { suppressionKeysOf } from './unsubscribe-token';

describe('suppressionKeysOf', () => {
  it('names the mailbox’s unsubscribe key and the exact address a bounce is stored under', () => {
    expect(suppressionKeysOf('Ann <Ann+Offers@Example.com>')).toEqual(['ann@example.com', 'ann+offers@example.com']);
    expect(suppressionKeysOf('A.N.N@gmail.com')).toEqual(['ann@gmail.com', 'a.n.n@gmail.com']);
    expect(suppressionKeysOf(' ann@example.com ')).toEqual(['ann@example.com']);
  });
});
