import { LEAD_SOURCES, type LeadSource } from '#domain/leads/lead-answered-kind.ts';
import { isLeadStatus } from '#domain/leads/lead-status.ts';
import type { LeadsFilter } from './leads-api';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The inbox's filter as the address bar keeps it (`/leads?status=negotiating&q=oak&assignee=me`,
 * `&source=mail&sendId=…`), so a filtered view can be bookmarked and shared; an unknown status or
 * source means all, and a send id that is no UUID is dropped.
 */
export function readLeadsFilter(params: URLSearchParams): LeadsFilter {
  const status = params.get('status');
  const assignee = params.get('assignee');
  const source = params.get('source');
  const sendId = params.get('sendId');
  return {
    status: isLeadStatus(status) ? status : null,
    search: params.get('q') ?? '',
    assignee: assignee && assignee !== 'all' ? assignee : null,
    source: (LEAD_SOURCES as readonly (string | null)[]).includes(source) ? (source as LeadSource) : null,
    sendId: sendId && UUID.test(sendId) ? sendId : null,
  };
}

/** The address bar's query for a filter: only what is set, nothing for "all". */
export function leadsFilterParams(filter: LeadsFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.status) params.set('status', filter.status);
  if (filter.search.trim()) params.set('q', filter.search);
  if (filter.assignee) params.set('assignee', filter.assignee);
  if (filter.source) params.set('source', filter.source);
  if (filter.sendId) params.set('sendId', filter.sendId);
  return params;
}
