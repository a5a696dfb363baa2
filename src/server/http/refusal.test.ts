import { describe, expect, it } from 'vitest';
import { Refusal } from './refusal';

describe('Refusal', () => {
  it('answers its message as error, then its code and details', () => {
    expect(new Refusal(409, 'Already on Pro').body()).toEqual({ error: 'Already on Pro' });
    expect(new Refusal(409, 'No key', { code: 'ghl-key-missing', details: { field: 'apiKey' } }).body()).toEqual({
      error: 'No key',
      code: 'ghl-key-missing',
      field: 'apiKey',
    });
  });

  it('keeps the error that led to it as its cause', () => {
    const cause = new Error('provider down');
    expect(new Refusal(502, 'Try again', { cause }).cause).toBe(cause);
  });
});
