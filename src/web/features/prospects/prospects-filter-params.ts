import { PROSPECT_CHANNELS } from '#domain/prospects/prospect-requests.ts';
import { PROSPECT_STATUSES, PROSPECT_TOUCH_KINDS } from '#domain/prospects/prospect-touch.ts';
import type { ProspectsFilter } from './prospects-api';

const oneOf = <Value extends string>(values: readonly Value[], value: string | null): Value | null =>
  value !== null && (values as readonly string[]).includes(value) ? (value as Value) : null;

/** The Prospects screen's filter as the address bar keeps it (?send=&q=&status=&touch=&channel=); unknown values are ignored. */
export function readProspectsFilter(params: URLSearchParams): ProspectsFilter {
  const send = params.get('send');
  return {
    sendId: send && /^[0-9a-f-]{36}$/i.test(send) ? send : null,
    search: params.get('q') ?? '',
    status: oneOf(PROSPECT_STATUSES, params.get('status')),
    touch: oneOf(PROSPECT_TOUCH_KINDS, params.get('touch')),
    channel: oneOf(PROSPECT_CHANNELS, params.get('channel')),
  };
}

/** The address bar's parameters for a filter, without the empty ones. */
export function prospectsFilterParams(filter: ProspectsFilter): Record<string, string> {
  const entries: [string, string | null][] = [
    ['send', filter.sendId],
    ['q', filter.search.trim() || null],
    ['status', filter.status],
    ['touch', filter.touch],
    ['channel', filter.channel],
  ];
  return Object.fromEntries(entries.filter((entry): entry is [string, string] => entry[1] !== null));
}
