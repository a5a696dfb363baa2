import { describe, expect, it } from 'vitest';
import { isCommonPassword } from './common-passwords';

describe('isCommonPassword', () => {
  it.each(['password', 'Password1', '12345678', 'QWERTYUIOP', 'iloveyou', 'trustno1'])('%s is common', (password) => {
    expect(isCommonPassword(password)).toBe(true);
  });

  it.each(['correct horse battery staple', 'Tz9#mP2!vQ8r', 'my-own-passphrase-2031'])('%s is not', (password) => {
    expect(isCommonPassword(password)).toBe(false);
  });
});
