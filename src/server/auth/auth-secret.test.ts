import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadAuthSecret } from './auth-secret';

describe('loadAuthSecret', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'auth-secret-'));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('uses BETTER_AUTH_SECRET when set, writing nothing', async () => {
    const secret = 'x'.repeat(40);
    expect(await loadAuthSecret({ BETTER_AUTH_SECRET: secret, DATA_DIR: dataDir })).toBe(secret);
    await expect(stat(path.join(dataDir, 'auth-secret'))).rejects.toThrow();
  });

  it('otherwise generates one into DATA_DIR/auth-secret (mode 600) and reuses it after a restart', async () => {
    const nested = path.join(dataDir, 'not-yet-created');
    const first = await loadAuthSecret({ DATA_DIR: nested });
    expect(first.length).toBeGreaterThanOrEqual(43); // 32 random bytes
    const file = path.join(nested, 'auth-secret');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await readFile(file, 'utf8')).trim()).toBe(first);
    expect(await loadAuthSecret({ DATA_DIR: nested })).toBe(first);
  });

  it('agrees with a concurrent first start', async () => {
    const secrets = await Promise.all(Array.from({ length: 5 }, () => loadAuthSecret({ DATA_DIR: dataDir })));
    expect(new Set(secrets).size).toBe(1);
  });
});
