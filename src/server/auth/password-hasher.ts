import { availableParallelism } from 'node:os';
import { APIError } from 'better-auth/api';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import type { RefusalCode } from '../http/refusal';
import { ConcurrencyLimitQueueFullError, createConcurrencyLimit } from './concurrency-limit';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(data: { hash: string; password: string }): Promise<boolean>;
  /** How many hashes and verifications have run, and the most at once, for tests and the bench. */
  readonly counts: { hashes: number; verifications: number; peakConcurrent: number };
}

export interface PasswordHasherOptions {
  /** Hashes running at once. Default: one per core but one, at least 1, at most 4. */
  maxConcurrent?: number;
  /** Hashes waiting for a slot before new ones are refused with 503. */
  maxQueue?: number;
}

/**
 * Better Auth's own scrypt (node:crypto, in libuv's thread pool), with a bound on how many run
 * at once: each takes ~200 ms of a core, so a flood of sign-ins would otherwise take every core
 * (and the thread pool, which file access also needs) from the rest of the API. Waiting beyond
 * `maxQueue` gets a 503 at once rather than a long wait.
 */
export function createPasswordHasher({
  maxConcurrent = Math.min(4, Math.max(1, availableParallelism() - 1)),
  maxQueue = 100,
}: PasswordHasherOptions = {}): PasswordHasher {
  const limit = createConcurrencyLimit({ maxConcurrent, maxQueue });
  const counts = { hashes: 0, verifications: 0, peakConcurrent: 0 };

  const bounded = async <T>(task: () => Promise<T>): Promise<T> => {
    try {
      return await limit.run(() => {
        counts.peakConcurrent = Math.max(counts.peakConcurrent, limit.running);
        return task();
      });
    } catch (error) {
      if (error instanceof ConcurrencyLimitQueueFullError) {
        throw new APIError('SERVICE_UNAVAILABLE', {
          code: 'server-busy' satisfies RefusalCode,
          message: 'The server is busy. Please try again in a moment.',
        });
      }
      throw error;
    }
  };

  return {
    hash: (password) =>
      bounded(() => {
        counts.hashes++;
        return hashPassword(password);
      }),
    verify: (data) =>
      bounded(() => {
        counts.verifications++;
        return verifyPassword(data);
      }),
    counts,
  };
}
