import { isAPIError } from 'better-auth/api';
import { describe, expect, it } from 'vitest';
import { createPasswordHasher } from './password-hasher';

describe('createPasswordHasher', () => {
  it("hashes with Better Auth's scrypt and verifies, never keeping the password", async () => {
    const hasher = createPasswordHasher({ maxConcurrent: 2 });
    const hash = await hasher.hash('a long passphrase');
    expect(hash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/); // salt:key, scrypt
    expect(hash).not.toContain('passphrase');
    expect(await hasher.verify({ hash, password: 'a long passphrase' })).toBe(true);
    expect(await hasher.verify({ hash, password: 'a long passphrasf' })).toBe(false);
    expect(hasher.counts).toMatchObject({ hashes: 1, verifications: 2 });
  });

  it('runs at most maxConcurrent at once', async () => {
    const hasher = createPasswordHasher({ maxConcurrent: 2 });
    await Promise.all(Array.from({ length: 5 }, (_, i) => hasher.hash(`password ${i}`)));
    expect(hasher.counts.hashes).toBe(5);
    expect(hasher.counts.peakConcurrent).toBe(2);
  });

  it('answers 503 at once when too many are waiting', async () => {
    const hasher = createPasswordHasher({ maxConcurrent: 1, maxQueue: 0 });
    const first = hasher.hash('first password');
    const refused = await hasher.hash('second password').catch((error: unknown) => error);
    expect(isAPIError(refused) && refused.statusCode).toBe(503);
    expect((refused as Error).message).toBe('The server is busy. Please try again in a moment.');
    await first;
  });
});
