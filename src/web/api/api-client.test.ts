import { describe, expect, it } from 'vitest';
import { ApiError, retryUnlessRefused } from './api-client';

describe('retryUnlessRefused', () => {
  it.each([400, 401, 403, 404, 409, 422, 429])('shows a refused answer (%i) at once', (status) => {
    expect(retryUnlessRefused(0, new ApiError('Refused', status))).toBe(false);
  });

  it.each([
    ['a server error', new ApiError('Request failed (503)', 503)],
    ['a lost connection', new TypeError('Failed to fetch')],
  ])('tries %s once more, and only once', (_, error) => {
    expect(retryUnlessRefused(0, error)).toBe(true);
    expect(retryUnlessRefused(1, error)).toBe(false);
  });
});
