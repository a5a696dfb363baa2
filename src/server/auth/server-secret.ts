import type { Auth } from './create-auth';

/**
 * The server secret: the one Better Auth was created with (BETTER_AUTH_SECRET, or the one
 * generated in DATA_DIR: see auth-secret.ts). Signs unsubscribe links and demo checkouts, and
 * keys the settings cipher.
 */
export async function serverSecret(auth: Auth): Promise<string> {
  return (await auth.betterAuth.$context).secret;
}
