import { describe, expect, it } from 'vitest';
import { ApiError } from '#web/api/api-client.ts';
import { leadErrorMessage } from './leads-api';

describe('leadErrorMessage', () => {
  const fallback = 'Failed to submit form. Please try again.';

  it("passes on the server's rate-limit message, which says how long to wait", () => {
    const limited = new ApiError('Too many submissions. Please try again in 42 seconds.', 429);
    expect(leadErrorMessage(limited, fallback)).toBe('Too many submissions. Please try again in 42 seconds.');
  });

  it.each([
    ['a server error', new ApiError('Something went wrong. Please try again.', 500)],
    ['a validation error', new ApiError('Invalid offer range values', 400)],
    ['a network failure', new TypeError('Failed to fetch')],
  ])('uses the §8 message for %s', (_name, error) => {
    expect(leadErrorMessage(error, fallback)).toBe(fallback);
  });
});
