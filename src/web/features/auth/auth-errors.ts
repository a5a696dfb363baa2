/** §8: what the sign-in page says when the server cannot be reached. */
export const CONNECTION_ERROR = 'Connection error. Please check your internet connection and try again.';

const FALLBACK = 'Something went wrong. Please try again.';

interface AuthClientError {
  status?: number;
  message?: string;
  code?: string;
}

/** The message to show for an error answer from the auth endpoints (§8: the auth error message). */
export function authErrorMessage(error: AuthClientError): string {
  // Status 0 or a gateway error without our JSON: the server was not reached.
  if (!error.message && (!error.status || error.status === 502 || error.status === 503 || error.status === 504)) {
    return CONNECTION_ERROR;
  }
  return error.message || FALLBACK;
}

const fieldOfCode: Record<string, 'email' | 'password'> = {
  'invalid-email': 'email',
  'user-already-exists': 'email',
  'user-already-exists-use-another-email': 'email',
  'invalid-email-or-password': 'password',
  'password-too-short': 'password',
  'password-too-long': 'password',
  'password-too-common': 'password',
};

/**
 * The field an auth error is about, so the form can say it there too (the §8 toast goes after a
 * few seconds; the field keeps the message until the form is sent again). None for the others.
 */
export function authErrorField(code: string | undefined): 'email' | 'password' | undefined {
  return code === undefined ? undefined : fieldOfCode[code];
}

export type AuthCallResult<T> = { ok: true; data: T } | { ok: false; message: string; code?: string };

/**
 * Runs a Better Auth client call and turns its outcome into ok/data or a message to show: a
 * failed fetch (no answer at all) becomes the connection error.
 */
export async function callAuth<T>(
  call: () => Promise<{ data: T | null; error: AuthClientError | null }>,
): Promise<AuthCallResult<T>> {
  try {
    const { data, error } = await call();
    if (error) return { ok: false, message: authErrorMessage(error), code: error.code };
    return { ok: true, data: data as T };
  } catch {
    return { ok: false, message: CONNECTION_ERROR };
  }
}
