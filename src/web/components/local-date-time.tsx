import { useHydrated } from './use-hydrated';

const inReadersZone = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const inUtc = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/**
 * An ISO time as 'Nov 22, 2026, 5:41 PM' in the reader's time zone. The server does not know that
 * zone: a page it draws says the time in UTC ('Nov 22, 2026, 5:41 PM UTC') until the browser has
 * taken the page over, so that hydration finds the text the server sent.
 */
export function LocalDateTime({ iso, className }: { iso: string; className?: string }) {
  const inBrowser = useHydrated();
  const time = new Date(iso);
  return (
    <time dateTime={iso} className={className}>
      {inBrowser ? inReadersZone.format(time) : `${inUtc.format(time)} UTC`}
    </time>
  );
}
