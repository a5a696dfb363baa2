import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Env } from '../env';

/**
 * The secret that signs session cookies: BETTER_AUTH_SECRET when set; otherwise one generated
 * on first start and kept in DATA_DIR/auth-secret (mode 600), so sessions survive restarts.
 */
export async function loadAuthSecret(env: Pick<Env, 'BETTER_AUTH_SECRET' | 'DATA_DIR'>): Promise<string> {
  if (env.BETTER_AUTH_SECRET) return env.BETTER_AUTH_SECRET;
  const file = path.resolve(env.DATA_DIR, 'auth-secret');
  const existing = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (existing?.trim()) return existing.trim();

  await mkdir(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  try {
    // 'wx': if another process created it meanwhile, keep theirs.
    await writeFile(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return (await readFile(file, 'utf8')).trim();
  }
}
