/**
 * Where to go after signing in: the `from` path a page put in the navigation state (§2: back
 * to the page the user came from), or '/'. Only paths on this site, never another origin.
 */
export function returnPathFrom(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return '/';
  if (from === '/login' || from.startsWith('/login?') || from === '/register') return '/';
  return from;
}
