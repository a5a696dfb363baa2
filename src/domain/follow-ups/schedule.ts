/** The hour, local to the recipient, at which a day's follow-up falls due: their morning, not 3 a.m. */
export const FOLLOW_UP_LOCAL_HOUR = 10;

/** When nothing says where anyone is. */
export const FALLBACK_TIME_ZONE = 'America/Chicago';

const DAY_MS = 24 * 60 * 60 * 1000;

// Each state's main time zone (a few states span two; the main one is right for most addresses).
const stateTimeZones: Record<string, string> = {};
const zones: [string, string][] = [
  ['America/New_York', 'CT DE DC FL GA IN KY ME MD MA MI NH NJ NY NC OH PA RI SC VT VA WV'],
  ['America/Chicago', 'AL AR IL IA KS LA MN MS MO NE ND OK SD TN TX WI'],
  ['America/Denver', 'CO ID MT NM UT WY'],
  ['America/Phoenix', 'AZ'],
  ['America/Los_Angeles', 'CA NV OR WA'],
  ['America/Anchorage', 'AK'],
  ['Pacific/Honolulu', 'HI'],
  ['America/Puerto_Rico', 'PR VI'],
];
for (const [zone, states] of zones) for (const state of states.split(' ')) stateTimeZones[state] = zone;

// The first three digits of a ZIP code and the state they belong to (USPS prefix ranges).
const zipPrefixStates: [number, number, string][] = [
  [5, 5, 'NY'],
  [6, 9, 'PR'],
  [10, 27, 'MA'],
  [28, 29, 'RI'],
  [30, 38, 'NH'],
  [39, 49, 'ME'],
  [50, 59, 'VT'],
  [60, 69, 'CT'],
  [70, 89, 'NJ'],
  [100, 149, 'NY'],
  [150, 196, 'PA'],
  [197, 199, 'DE'],
  [200, 205, 'DC'],
  [206, 219, 'MD'],
  [220, 246, 'VA'],
  [247, 268, 'WV'],
  [270, 289, 'NC'],
  [290, 299, 'SC'],
  [300, 319, 'GA'],
  [320, 349, 'FL'],
  [350, 369, 'AL'],
  [370, 385, 'TN'],
  [386, 397, 'MS'],
  [398, 399, 'GA'],
  [400, 427, 'KY'],
  [430, 459, 'OH'],
  [460, 479, 'IN'],
  [480, 499, 'MI'],
  [500, 528, 'IA'],
  [530, 549, 'WI'],
  [550, 567, 'MN'],
  [570, 577, 'SD'],
  [580, 588, 'ND'],
  [590, 599, 'MT'],
  [600, 629, 'IL'],
  [630, 658, 'MO'],
  [660, 679, 'KS'],
  [680, 693, 'NE'],
  [700, 715, 'LA'],
  [716, 729, 'AR'],
  [730, 749, 'OK'],
  [750, 799, 'TX'],
  [800, 816, 'CO'],
  [820, 831, 'WY'],
  [832, 838, 'ID'],
  [840, 847, 'UT'],
  [850, 865, 'AZ'],
  [870, 884, 'NM'],
  [885, 885, 'TX'],
  [889, 898, 'NV'],
  [900, 961, 'CA'],
  [967, 968, 'HI'],
  [970, 979, 'OR'],
  [980, 994, 'WA'],
  [995, 999, 'AK'],
];

function stateOfZip(zip: string): string | null {
  const prefix = Number(zip.slice(0, 3));
  return zipPrefixStates.find(([from, to]) => prefix >= from && prefix <= to)?.[2] ?? null;
}

/**
 * The time zone of a US address, from its ZIP code, else from its state after the last comma
 * ('…, Austin, TX' or '…, Austin, TX 78701'); null when it names neither. A bare two letters in
 * the middle ('Ct' for Court) is never taken for a state.
 */
export function timeZoneOfAddress(address: string): string | null {
  const text = address.trim().replace(/,?\s*(USA|US|United States)\.?$/i, '');
  const zip = /\b(\d{5})(?:-\d{4})?$/.exec(text)?.[1];
  const byZip = zip ? stateOfZip(zip) : null;
  if (byZip) return stateTimeZones[byZip] ?? null;
  const state = /,\s*([A-Za-z]{2})(?:\s+\d{5}(?:-\d{4})?)?$/.exec(text)?.[1]?.toUpperCase();
  return state ? (stateTimeZones[state] ?? null) : null;
}

/** The recipient's time zone when their address gives one, else the sender's, else the fallback. */
export function followUpTimeZone(recipientAddress: string, senderAddress: string): string {
  return timeZoneOfAddress(recipientAddress) ?? timeZoneOfAddress(senderAddress) ?? FALLBACK_TIME_ZONE;
}

/** The calendar date (y, m, d) and offset from UTC (ms) of an instant in a time zone. */
function zonedParts(at: Date, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
      .formatToParts(at)
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
  const asUtc = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  return {
    year: parts.year,
    month: parts.month,
    day: parts.day,
    offsetMs: asUtc - Math.floor(at.getTime() / 1000) * 1000,
  };
}

/** The instant of a local wall-clock time (summer time included). */
function zonedTime(year: number, month: number, day: number, hour: number, timeZone: string): Date {
  const wallClock = Date.UTC(year, month - 1, day, hour);
  let at = wallClock - zonedParts(new Date(wallClock), timeZone).offsetMs;
  // The offset at the guess may differ from the offset at the answer across a change of time.
  at = wallClock - zonedParts(new Date(at), timeZone).offsetMs;
  return new Date(at);
}

/**
 * When a step `day` days after `start` falls due: FOLLOW_UP_LOCAL_HOUR on that calendar day in
 * `timeZone`. Day 0 is `start` itself (the offer goes out when it is sent).
 */
export function followUpDueAt(start: Date, day: number, timeZone: string): Date {
  if (day === 0) return start;
  const local = zonedParts(start, timeZone);
  const date = new Date(Date.UTC(local.year, local.month - 1, local.day) + day * DAY_MS);
  return zonedTime(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), FOLLOW_UP_LOCAL_HOUR, timeZone);
}

/** The end of `now`'s calendar day in `timeZone`: the Today list holds tasks due before it. */
export function endOfLocalDay(now: Date, timeZone: string): Date {
  const local = zonedParts(now, timeZone);
  const next = new Date(Date.UTC(local.year, local.month - 1, local.day) + DAY_MS);
  return zonedTime(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), 0, timeZone);
}
