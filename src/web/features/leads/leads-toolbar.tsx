import { LEAD_SOURCES, leadSourceLabels, type LeadSource } from '#domain/leads/lead-answered-kind.ts';
import { LEAD_STATUSES, leadStatusLabels, type LeadStatus } from '#domain/leads/lead-status.ts';
import { useWorkspace } from '#web/api/use-workspace.ts';
import { SegmentedControl } from '#web/components/segmented-control.tsx';
import { useDebouncedSearch } from '#web/components/use-debounced-search.ts';
import { useTypedBeforeHydration } from '#web/components/use-typed-before-hydration.ts';
import type { LeadsFilter } from './leads-api';

interface LeadsToolbarProps {
  filter: LeadsFilter;
  onChange: (filter: LeadsFilter) => void;
}

/**
 * Search by address or name (as you type), filter by pipeline status, by lead source and, in a
 * team, by assignee; a link from a send's figures keeps its send (`sendId`), said and clearable here.
 * Drawn by the server, it works before the page's code has run: its fields carry the address bar's
 * names (`q`, `status`, `assignee`), so Enter in the search asks the server for the filtered list,
 * and what was typed or chosen then is applied once the code runs.
 */
export function LeadsToolbar({ filter, onChange }: LeadsToolbarProps) {
  const [search, setSearch] = useDebouncedSearch(filter.search, (typed) => onChange({ ...filter, search: typed }));
  const changeStatus = (value: string) =>
    onChange({ ...filter, search, status: value === '' ? null : (value as LeadStatus) });
  useTypedBeforeHydration('leads-search', search, setSearch);
  useTypedBeforeHydration('leads-status', filter.status ?? '', changeStatus);
  const changeSource = (value: string) =>
    onChange({ ...filter, search, source: value === '' ? null : (value as LeadSource) });
  useTypedBeforeHydration('leads-source', filter.source ?? '', changeSource);

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
          name="q"
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
          name="status"
          value={filter.status ?? ''}
          onChange={(event) => changeStatus(event.target.value)}
        >
          <option value="">All statuses</option>
          {LEAD_STATUSES.map((status) => (
            <option key={status} value={status}>
              {leadStatusLabels[status]}
            </option>
          ))}
        </select>
      </div>
      <div className="field leads-source-filter">
        <label htmlFor="leads-source">Source</label>
        <select
          id="leads-source"
          name="source"
          value={filter.source ?? ''}
          onChange={(event) => changeSource(event.target.value)}
        >
          <option value="">All sources</option>
          {LEAD_SOURCES.map((source) => (
            <option key={source} value={source}>
              {leadSourceLabels[source]}
            </option>
          ))}
        </select>
      </div>
      <AssigneeFilter filter={filter} onChange={(assignee) => onChange({ ...filter, search, assignee })} />
      {filter.sendId && (
        <p className="leads-send-filter">
          <input type="hidden" name="sendId" value={filter.sendId} />
          Only the leads of one send.{' '}
          <button
            type="button"
            className="button button-secondary"
            onClick={() => onChange({ ...filter, search, sendId: null })}
          >
            Show every send
          </button>
        </p>
      )}
    </form>
  );
}

/**
 * Mine / Everyone, and one member's leads, for a member who sees the workspace's leads; nothing in
 * a workspace of one, or for a member who sees only the leads assigned to them.
 */
function AssigneeFilter({ filter, onChange }: { filter: LeadsFilter; onChange: (assignee: string | null) => void }) {
  const workspace = useWorkspace();
  const chosen = filter.assignee === 'me' ? (workspace.data?.me.userId ?? '') : (filter.assignee ?? '');
  useTypedBeforeHydration('leads-assignee', chosen, (value) => onChange(value === '' ? null : value));
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
          name="assignee"
          value={chosen}
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
