import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Env } from '../env';

/** Where the generated secret is kept: DATA_DIR/auth-secret. */
export const authSecretFile = (dataDir: string) => path.resolve(dataDir, 'auth-secret');

/**
 * The secret that signs session cookies: BETTER_AUTH_SECRET when set; otherwise one generated
 * on first start and kept in DATA_DIR/auth-secret (mode 600), so sessions survive restarts.
 */
export async function loadAuthSecret(env: Pick<Env, 'BETTER_AUTH_SECRET' | 'DATA_DIR'>): Promise<string> {
  if (env.BETTER_AUTH_SECRET) return env.BETTER_AUTH_SECRET;
  const file = authSecretFile(env.DATA_DIR);
  const existing = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (existing?.trim()) return existing.trim();

  await mkdir(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  // Written whole to a temporary file, then linked into place: link() fails if another process
  // got there first, and nobody can read a half-written secret.
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(temporary, `${secret}\n`, { mode: 0o600 });
  try {
    await link(temporary, file);
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return (await readFile(file, 'utf8')).trim();
  } finally {
    await unlink(temporary).catch(() => {});
  }
}
