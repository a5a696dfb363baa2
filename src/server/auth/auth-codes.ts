import { isRefusalCode, kebabCase, type RefusalCode } from '../http/refusal';

/** What a code of Better Auth's that refusalCodes does not list is answered as (its message still says what happened). */
export const UNLISTED_AUTH_CODE = 'auth-refused' satisfies RefusalCode;

/**
 * A code Better Auth answers (`INVALID_EMAIL_OR_PASSWORD` in JSON, `account_not_linked` in a
 * redirect, or one of ours thrown through it, already kebab-case) as a caller is given it: in our
 * casing when refusalCodes lists it, otherwise UNLISTED_AUTH_CODE. Its code space is open (an OAuth
 * provider's own `error`, codes made from messages), so only a listed one is passed on.
 */
export function authCode(code: string): RefusalCode {
  const ours = kebabCase(code);
  return isRefusalCode(ours) ? ours : UNLISTED_AUTH_CODE;
}

/** A redirect's `error` query, wherever it stands in the address: the rest of the address is kept byte for byte. */
const errorQuery = /([?&]error=)([^&#]*)/;

/**
 * Better Auth's answer as /api/auth gives it, with its code in our casing (authCode): a refusal's
 * JSON `code`, and a redirect's `error` query (a refused verification link or Google sign-in). The
 * message, status, headers and cookies stay as they are.
 */
export async function withOurAuthCodes(response: Response): Promise<Response> {
  const location = response.headers.get('location');
  if (response.status >= 300 && response.status < 400 && location && errorQuery.test(location)) {
    const headers = new Headers(response.headers);
    headers.set(
      'location',
      location.replace(errorQuery, (_, name: string, value: string) => `${name}${authCode(queryValue(value))}`),
    );
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
  if (response.status < 400 || !(response.headers.get('content-type') ?? '').includes('application/json')) {
    return response;
  }
  const text = await response.text();
  const rewritten = rewriteCode(text);
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(rewritten, { status: response.status, statusText: response.statusText, headers });
}

/** A query value as it reads decoded ('' when it is not valid percent-encoding). */
function queryValue(encoded: string): string {
  try {
    return decodeURIComponent(encoded.replaceAll('+', ' '));
  } catch {
    return '';
  }
}

/** The JSON body with its `code` in our casing (in its place among the keys), or the text as it was. */
function rewriteCode(text: string): string {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return text;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return text;
  const { code } = body as { code?: unknown };
  if (typeof code !== 'string' || authCode(code) === code) return text;
  return JSON.stringify({ ...body, code: authCode(code) });
}
