/**
 * The time follow-ups live by: the real clock, moved ahead only by the end-to-end tests' test-only
 * route (FOLLOW_UP_TEST_CLOCK=1, refused in production), so a 30-day sequence is tested without a
 * real wait. Whoever schedules by it hears when it moves.
 */
export interface FollowUpClock {
  now(): Date;
  /** Moves the clock forward and tells the listeners (the worker looks for steps now due). */
  advance(ms: number): void;
  onAdvance(listener: () => void): () => void;
}

export function createFollowUpClock(): FollowUpClock {
  let offsetMs = 0;
  const listeners = new Set<() => void>();
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance(ms) {
      offsetMs += ms;
      for (const listener of listeners) listener();
    },
    onAdvance(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
