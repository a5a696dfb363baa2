import { loadAuthSecret } from '../auth/auth-secret';
import type { Env } from '../env';

let cached: { key: string; secret: Promise<string> } | undefined;

/** The server secret (BETTER_AUTH_SECRET, or the one generated in DATA_DIR) that signs unsubscribe links; read once. */
export function serverSecret(env: Pick<Env, 'BETTER_AUTH_SECRET' | 'DATA_DIR'>): Promise<string> {
  const key = `${env.BETTER_AUTH_SECRET ?? ''}\u0000${env.DATA_DIR}`;
  if (cached?.key !== key) cached = { key, secret: loadAuthSecret(env) };
  return cached.secret;
}
