import type { Database } from '../db/database';
import { consumeRateLimit } from '../rate-limit/consume-rate-limit';

/**
 * Lob allows 150 requests per 5 seconds per key; every process of the app counts in the same
 * database window, per workspace (one key each), and stays a margin under it.
 */
export const LOB_REQUESTS = { limit: 140, windowMs: 5_000 } as const;

/** A piece failing with a 429 or 5xx is tried again after this, doubling, up to an hour; given up after LOB_MAX_ATTEMPTS. */
const FIRST_BACKOFF_MS = 2_000;
const MAX_BACKOFF_MS = 60 * 60_000;
export const LOB_MAX_ATTEMPTS = 12;

export const lobBackoffMs = (attempts: number) => Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** (attempts - 1));

/** Counts one request to Lob for the workspace, waiting (with `sleep`) until the window has room. */
export async function takeLobTurn(
  db: Database,
  workspaceId: string,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  stopped: () => boolean = () => false,
): Promise<boolean> {
  for (;;) {
    const decision = await consumeRateLimit(db, { key: `lob-requests:${workspaceId}`, ...LOB_REQUESTS });
    if (decision.allowed) return true;
    if (stopped()) return false;
    await sleep(Math.max(50, decision.retryAfterMs));
  }
}
