import { describe, expect, it } from 'vitest';
import { authErrorMessage, callAuth, CONNECTION_ERROR } from './auth-errors';

describe('authErrorMessage', () => {
  it("shows the server's message", () => {
    expect(authErrorMessage({ status: 401, message: 'Invalid email or password' })).toBe('Invalid email or password');
    expect(authErrorMessage({ status: 429, message: 'Too many attempts. Please try again in 1 minute.' })).toBe(
      'Too many attempts. Please try again in 1 minute.',
    );
    expect(authErrorMessage({ status: 503, message: 'The server is busy. Please try again in a moment.' })).toBe(
      'The server is busy. Please try again in a moment.',
    );
  });

  it('calls an unreachable server a connection error', () => {
    expect(authErrorMessage({ status: 0 })).toBe(CONNECTION_ERROR);
    expect(authErrorMessage({ status: 502 })).toBe(CONNECTION_ERROR);
    expect(authErrorMessage({ status: 504, message: '' })).toBe(CONNECTION_ERROR);
  });

  it('falls back to a generic message', () => {
    expect(authErrorMessage({ status: 500 })).toBe('Something went wrong. Please try again.');
  });
});

describe('callAuth', () => {
  it('passes data through', async () => {
    expect(await callAuth(async () => ({ data: { token: 't' }, error: null }))).toEqual({
      ok: true,
      data: { token: 't' },
    });
  });

  it('turns an error answer into its message and code', async () => {
    expect(
      await callAuth(async () => ({
        data: null,
        error: { status: 401, message: 'Invalid email or password', code: 'invalid-email-or-password' },
      })),
    ).toEqual({
      ok: false,
      message: 'Invalid email or password',
      code: 'invalid-email-or-password',
    });
  });

  it('turns a failed fetch into the connection error (§8)', async () => {
    expect(await callAuth(() => Promise.reject(new TypeError('Failed to fetch')))).toEqual({
      ok: false,
      message: CONNECTION_ERROR,
    });
  });
});
