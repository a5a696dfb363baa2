import { describe, expect, it } from 'vitest';
import { returnPathFrom } from './return-path';

describe('returnPathFrom', () => {
  it.each([
    [{ from: '/saved' }, '/saved'],
    [{ from: '/saved?page=2#top' }, '/saved?page=2#top'],
    [null, '/'],
    [undefined, '/'],
    [{}, '/'],
    [{ from: 42 }, '/'],
    [{ from: 'https://evil.example/' }, '/'],
    [{ from: '//evil.example/' }, '/'],
    [{ from: '/\\evil.example' }, '/'],
    [{ from: '/login' }, '/'],
    [{ from: '/register' }, '/'],
  ])('%j -> %s', (state, expected) => {
    expect(returnPathFrom(state)).toBe(expected);
  });
});
