import { may } from '#domain/workspaces/roles.ts';
import { serverErrorMessage } from '#web/api/api-client.ts';
import { useWorkspace } from '#web/api/use-workspace.ts';
import { notify } from '#web/components/notify.ts';
import { useReassignLead, type LeadDetail } from './leads-api';

/**
 * Who works the lead, in a workspace of more than one: a member who works deals or manages the
 * team gives it to another member here; others see the name.
 */
export function LeadAssignee({ lead }: { lead: LeadDetail['lead'] }) {
  const workspace = useWorkspace();
  const reassign = useReassignLead(lead.id);
  const team = workspace.data;
  if (!team || team.members.length < 2) return null;
  const canReassign = may(team.me, 'work-deals') || may(team.me, 'manage-members');
  return (
    <div>
      <dt>
        <label htmlFor="lead-assignee">Assigned to</label>
      </dt>
      <dd>
        {canReassign ? (
          <select
            id="lead-assignee"
            value={lead.assignee?.userId ?? ''}
            disabled={reassign.isPending}
            onChange={(event) => {
              const member = team.members.find((candidate) => candidate.userId === event.target.value);
              if (!member) return;
              reassign.mutate(member.userId, {
                onSuccess: () => notify.success(`Lead assigned to ${member.name}`),
                onError: (error) =>
                  notify.error(serverErrorMessage(error, 'Could not reassign the lead. Please try again.')),
              });
            }}
          >
            {!lead.assignee && <option value="">Nobody yet</option>}
            {team.members.map((member) => (
              // A suspended member takes no new work (the server refuses it too).
              <option key={member.userId} value={member.userId} disabled={member.suspended}>
                {member.suspended ? `${member.name} (suspended)` : member.name}
              </option>
            ))}
          </select>
        ) : (
          (lead.assignee?.name ?? 'Nobody yet')
        )}
      </dd>
    </div>
  );
}
