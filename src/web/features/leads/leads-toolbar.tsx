import { useEffect, useState } from 'react';
import { LEAD_STATUSES, leadStatusLabels, type LeadStatus } from '../../../domain/leads/lead-status';
import type { LeadsFilter } from './leads-api';

/** How long typing pauses before the search runs: one request per pause, not per key. */
const SEARCH_DELAY_MS = 300;

interface LeadsToolbarProps {
  filter: LeadsFilter;
  onChange: (filter: LeadsFilter) => void;
}

/** Search by address or name (as you type) and filter by pipeline status. */
export function LeadsToolbar({ filter, onChange }: LeadsToolbarProps) {
  const [search, setSearch] = useState(filter.search);

  // The address bar changed (back button, a cleared filter): show its search.
  const [shownSearch, setShownSearch] = useState(filter.search);
  if (filter.search !== shownSearch) {
    setShownSearch(filter.search);
    setSearch(filter.search);
  }

  useEffect(() => {
    if (search === filter.search) return;
    const timer = setTimeout(() => onChange({ ...filter, search }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, filter, onChange]);

  return (
    <form
      className="leads-toolbar"
      role="search"
      aria-label="Leads"
      onSubmit={(event) => {
        event.preventDefault();
        onChange({ ...filter, search });
      }}
    >
      <div className="field leads-search">
        <label htmlFor="leads-search">Search by address or name</label>
        <input
          id="leads-search"
          type="search"
          maxLength={100}
          autoComplete="off"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      <div className="field leads-status-filter">
        <label htmlFor="leads-status">Status</label>
        <select
          id="leads-status"
          value={filter.status ?? ''}
          onChange={(event) =>
            onChange({ search, status: event.target.value === '' ? null : (event.target.value as LeadStatus) })
          }
        >
          <option value="">All statuses</option>
          {LEAD_STATUSES.map((status) => (
            <option key={status} value={status}>
              {leadStatusLabels[status]}
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}
