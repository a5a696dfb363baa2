import { useEffect, useState } from 'react';
import { LEAD_STATUSES, leadStatusLabels, type LeadStatus } from '#domain/leads/lead-status.ts';
import { useWorkspace } from '#web/api/use-workspace.ts';
import { SegmentedControl } from '#web/components/segmented-control.tsx';
import type { LeadsFilter } from './leads-api';

/** How long typing pauses before the search runs: one request per pause, not per key. */
const SEARCH_DELAY_MS = 300;

interface LeadsToolbarProps {
  filter: LeadsFilter;
  onChange: (filter: LeadsFilter) => void;
}

/** Search by address or name (as you type), filter by pipeline status and, in a team, by assignee. */
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
            onChange({
              ...filter,
              search,
              status: event.target.value === '' ? null : (event.target.value as LeadStatus),
            })
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
      <AssigneeFilter filter={filter} onChange={(assignee) => onChange({ ...filter, search, assignee })} />
    </form>
  );
}

/**
 * Mine / Everyone, and one member's leads, for a member who sees the workspace's leads; nothing in
 * a workspace of one, or for a member who sees only the leads assigned to them.
 */
function AssigneeFilter({ filter, onChange }: { filter: LeadsFilter; onChange: (assignee: string | null) => void }) {
  const workspace = useWorkspace();
  if (!workspace.data || workspace.data.members.length < 2 || !workspace.data.me.seesAllLeads) return null;
  const { members } = workspace.data;
  return (
    <>
      <SegmentedControl
        label="Whose leads"
        options={[
          { value: 'all', label: 'Everyone' },
          { value: 'me', label: 'Mine' },
        ]}
        value={filter.assignee === 'me' ? 'me' : 'all'}
        onChange={(value) => onChange(value === 'me' ? 'me' : null)}
      />
      <div className="field leads-assignee-filter">
        <label htmlFor="leads-assignee">Assigned to</label>
        <select
          id="leads-assignee"
          value={filter.assignee === 'me' ? workspace.data.me.userId : (filter.assignee ?? '')}
          onChange={(event) => onChange(event.target.value === '' ? null : event.target.value)}
        >
          <option value="">Anyone</option>
          {members.map((member) => (
            <option key={member.userId} value={member.userId}>
              {member.name}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}
