import { isLeadStatus } from '#domain/leads/lead-status.ts';
import type { LeadsFilter } from './leads-api';

/**
 * The inbox's filter as the address bar keeps it (`/leads?status=negotiating&q=oak&assignee=me`),
 * so a filtered view can be bookmarked and shared; an unknown status means all.
 */
export function readLeadsFilter(params: URLSearchParams): LeadsFilter {
  const status = params.get('status');
  const assignee = params.get('assignee');
  return {
    status: isLeadStatus(status) ? status : null,
    search: params.get('q') ?? '',
    assignee: assignee && assignee !== 'all' ? assignee : null,
  };
}

/** The address bar's query for a filter: only what is set, nothing for "all". */
export function leadsFilterParams(filter: LeadsFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.status) params.set('status', filter.status);
  if (filter.search.trim()) params.set('q', filter.search);
  if (filter.assignee) params.set('assignee', filter.assignee);
  return params;
}
