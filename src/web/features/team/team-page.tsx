import { useId, useState } from 'react';
import { Link } from 'react-router';
import { formatMoney } from '#domain/money/format-money.ts';
import { extraSeatMonthlyPrice } from '#domain/plans/plans.ts';
import { lostWorkNotice } from '#domain/workspaces/lost-work.ts';
import {
  assignableRoles,
  isWorkspaceRole,
  may,
  roleDescriptions,
  roleLabels,
  type WorkspaceRole,
} from '#domain/workspaces/roles.ts';
import { fewestExtraSeats, includedSeats, MAX_EXTRA_SEATS, seatMessages } from '#domain/workspaces/seats.ts';
import { InvitationRequestSchema } from '#domain/workspaces/workspace-requests.ts';
import { serverErrorMessage } from '#web/api/api-client.ts';
import { usePublicConfig } from '#web/api/public-config.tsx';
import { useWorkspace, type TeamMember, type WorkspaceView } from '#web/api/use-workspace.ts';
import { Modal } from '#web/components/modal.tsx';
import { notify } from '#web/components/notify.ts';
import { SelectField } from '#web/components/select-field.tsx';
import { TextField } from '#web/components/text-field.tsx';
import { useSchemaForm } from '#web/components/use-schema-form.ts';
import { HomeownerViewCard } from './homeowner-view-card';
import {
  useChangeMember,
  useChangeWorkspace,
  useInvite,
  useRemoveMember,
  useRevokeInvitation,
  useSetExtraSeats,
} from './team-api';
import './team.css';

const FAILED = 'Something went wrong. Please try again.';
const fail = (error: unknown) => notify.error(serverErrorMessage(error, FAILED));

/** /team: who works in the workspace, as what, who gets new leads, and who is invited. */
export function TeamPage() {
  const workspace = useWorkspace();
  return (
    <section className="team-page" aria-labelledby="team-title">
      <p className="team-back">
        <Link to="/leads">← Leads</Link>
      </p>
      <h1 id="team-title">Team</h1>
      {workspace.isPending ? (
        <p className="loading" role="status">
          Loading your team...
        </p>
      ) : workspace.isError ? (
        <div className="card" role="alert">
          <p>{serverErrorMessage(workspace.error, 'We could not load your team. Please try again.')}</p>
          <button type="button" className="button button-primary" onClick={() => void workspace.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        <TeamLayout view={workspace.data} />
      )}
    </section>
  );
}

function TeamLayout({ view }: { view: WorkspaceView }) {
  const { me, seats } = view;
  const suspended = view.members.filter((member) => member.suspended).length;
  return (
    <div className="team-layout">
      <p className="muted">
        <strong>{view.workspace.name}</strong>: you are {article(me.role)} {roleLabels[me.role]}. {seats.taken} of{' '}
        {seats.total} {seats.total === 1 ? 'seat' : 'seats'} used.
      </p>
      {suspended > 0 && (
        <p className="team-suspended-notice" role="status">
          {seatMessages.suspended(suspended, seats.total)}
        </p>
      )}
      <MembersCard view={view} />
      {may(me, 'manage-members') && <InviteCard view={view} />}
      {may(me, 'billing') && seats.plan === 'pro' && <SeatsCard view={view} />}
      {may(me, 'manage-workspace') && <LeadAssignmentCard view={view} />}
      {may(me, 'manage-workspace') && <HomeownerViewCard />}
    </div>
  );
}

const article = (role: WorkspaceRole) => (role === 'owner' || role === 'acquisitions' ? 'an' : 'a');

/** The members table's columns: their headers, and on a phone, where each row is drawn as a block, its cells' labels. */
const memberColumns = { role: 'Role', leads: 'Leads', bulk: 'Bulk send and export' } as const;

function MembersCard({ view }: { view: WorkspaceView }) {
  const [removing, setRemoving] = useState<TeamMember>();
  // What the last change stopped or handed over stays said here, not only in a two-second toast.
  const [lostWork, setLostWork] = useState<string | null>(null);
  const manages = may(view.me, 'manage-members');
  return (
    <section className="card" aria-labelledby="members-title">
      <h2 id="members-title" className="card-title">
        Members
      </h2>
      <p role="status" className="team-lost-work">
        {lostWork}
      </p>
      <table className="team-members">
        <thead>
          <tr>
            <th scope="col">Member</th>
            <th scope="col">{memberColumns.role}</th>
            <th scope="col">{memberColumns.leads}</th>
            <th scope="col">{memberColumns.bulk}</th>
            {manages && (
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {view.members.map((member) => (
            <MemberRow
              key={member.id}
              member={member}
              view={view}
              manages={manages}
              onRemove={() => setRemoving(member)}
              onLostWork={setLostWork}
            />
          ))}
        </tbody>
      </table>
      {removing && <RemoveMemberDialog member={removing} view={view} onClose={() => setRemoving(undefined)} />}
    </section>
  );
}

function MemberRow({
  member,
  view,
  manages,
  onRemove,
  onLostWork,
}: {
  member: TeamMember;
  view: WorkspaceView;
  manages: boolean;
  onRemove: () => void;
  /** What a change stopped or handed to an Owner, said in words; null: nothing. */
  onLostWork: (notice: string | null) => void;
}) {
  const change = useChangeMember();
  const isMe = member.userId === view.me.userId;
  // The workspace made with an account has its id; its maker stays its Owner (the server refuses).
  const isMaker = member.userId === view.workspace.id;
  // Only an Owner changes an Owner; nobody changes their own role here.
  const editable = manages && !isMe && !isMaker && (member.role !== 'owner' || view.me.role === 'owner');
  const alwaysAll = member.role === 'owner' || member.role === 'manager';
  const send = (changes: Parameters<typeof change.mutate>[0]['change'], done: string) =>
    change.mutate(
      { memberId: member.id, change: changes },
      {
        onSuccess: ({ lostWork }) => {
          const notice = lostWorkNotice(lostWork, member.name);
          onLostWork(notice);
          notify.success(done, notice ?? undefined);
        },
        onError: fail,
      },
    );

  return (
    <tr>
      <th scope="row">
        <span className="team-member-name">
          {member.name}
          {isMe && ' (you)'}
        </span>
        <span className="muted team-member-email">{member.email}</span>
        {member.suspended && <span className="team-member-suspended">Suspended: no seat</span>}
      </th>
      <td data-label={memberColumns.role}>
        {editable ? (
          <label className="team-inline-field">
            <span className="visually-hidden">Role of {member.name}</span>
            <select
              value={member.role}
              disabled={change.isPending}
              onChange={(event) =>
                send(
                  { role: event.target.value as WorkspaceRole },
                  `${member.name} is now ${roleLabelOf(event.target.value)}`,
                )
              }
            >
              {assignableRoles(view.me.role).map((role) => (
                <option key={role} value={role}>
                  {roleLabels[role]}
                </option>
              ))}
            </select>
          </label>
        ) : (
          roleLabels[member.role]
        )}
      </td>
      <td data-label={memberColumns.leads}>
        {alwaysAll ? (
          'All leads'
        ) : editable ? (
          <SwitchField
            label="Sees all leads"
            checked={member.seesAllLeads}
            disabled={change.isPending}
            onChange={(on) =>
              send(
                { seesAllLeads: on },
                on ? `${member.name} sees all leads` : `${member.name} sees only leads assigned to them`,
              )
            }
          />
        ) : member.seesAllLeads ? (
          'All leads'
        ) : (
          'Only assigned to them'
        )}
      </td>
      <td data-label={memberColumns.bulk}>
        {alwaysAll ? (
          'Allowed'
        ) : member.role !== 'acquisitions' ? (
          'Not allowed'
        ) : editable ? (
          <SwitchField
            label="May bulk send and export"
            checked={member.mayBulkSendAndExport}
            disabled={change.isPending}
            onChange={(on) =>
              send(
                { mayBulkSendAndExport: on },
                on ? `${member.name} may bulk send and export` : `${member.name} may no longer bulk send and export`,
              )
            }
          />
        ) : member.mayBulkSendAndExport ? (
          'Allowed'
        ) : (
          'Not allowed'
        )}
      </td>
      {manages && (
        <td>
          {editable && (
            <button type="button" className="button button-small button-danger" onClick={onRemove}>
              Remove<span className="visually-hidden"> {member.name}</span>
            </button>
          )}
        </td>
      )}
    </tr>
  );
}

/** One of a member's two switches, as a labelled checkbox. */
function SwitchField({
  label,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="team-inline-field">
      <input
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      {label}
    </label>
  );
}

const roleLabelOf = (role: string) => roleLabels[role as WorkspaceRole] ?? role;

/** Removing a member asks who takes their leads first. */
function RemoveMemberDialog({
  member,
  view,
  onClose,
}: {
  member: TeamMember;
  view: WorkspaceView;
  onClose: () => void;
}) {
  const heirs = view.members.filter((other) => other.id !== member.id);
  const [leadsTo, setLeadsTo] = useState(view.me.userId);
  const remove = useRemoveMember();
  const formId = useId();
  return (
    <Modal
      open
      title={`Remove ${member.name}?`}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button button-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form={formId} className="button button-danger" disabled={remove.isPending}>
            {remove.isPending ? 'Removing...' : 'Remove member'}
          </button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          remove.mutate(
            { memberId: member.id, leadsTo },
            {
              onSuccess: ({ leadsHandedOver, lostWork }) => {
                const notice = lostWorkNotice(lostWork, member.name);
                notify.success(
                  `${member.name} was removed. Their leads now go to ${leadsHandedOver}.${notice ? ` ${notice}` : ''}`,
                );
                onClose();
              },
              onError: fail,
            },
          );
        }}
      >
        <p>They lose access at once, on every device. Their personal page in this workspace closes.</p>
        <SelectField
          id={`${formId}-heir`}
          label={`Who takes ${member.name}'s leads?`}
          value={leadsTo}
          placeholder="Choose a member"
          options={heirs.map((heir) => ({ value: heir.userId, label: `${heir.name} (${roleLabels[heir.role]})` }))}
          onChange={setLeadsTo}
        />
      </form>
    </Modal>
  );
}

function InviteCard({ view }: { view: WorkspaceView }) {
  const invite = useInvite();
  const revoke = useRevokeInvitation();
  const roles = assignableRoles(view.me.role);
  const form = useSchemaForm(InvitationRequestSchema, { email: '', role: 'acquisitions' });
  const full = view.seats.taken >= view.seats.total;

  return (
    <section className="card" aria-labelledby="invite-title">
      <h2 id="invite-title" className="card-title">
        Invite a member
      </h2>
      <form
        noValidate
        className="team-invite-form"
        onSubmit={form.handleSubmit((invitation) =>
          invite.mutateAsync(invitation).then(() => {
            notify.success(`Invitation sent to ${invitation.email}. It works for 7 days.`);
            form.reset({ email: '', role: invitation.role });
          }, fail),
        )}
      >
        <TextField id="invite-email" label="E-mail" type="email" autoComplete="off" {...form.field('email')} />
        <SelectField
          id="invite-role"
          label="Role"
          placeholder="Choose a role"
          options={roles.map((role) => ({ value: role, label: roleLabels[role] }))}
          {...form.field('role')}
        />
        <button type="submit" className="button button-primary" disabled={form.submitting}>
          {form.submitting ? 'Sending...' : 'Send invitation'}
        </button>
      </form>
      {isWorkspaceRole(form.values.role) && (
        <p className="field-hint">
          {roleLabels[form.values.role]}: {roleDescriptions[form.values.role]}.
        </p>
      )}
      {full && (
        <p className="field-hint">
          Every seat is taken: an invitation needs a free one.{' '}
          {view.seats.total < 3 ? 'Teams come with the Pro plan.' : ''}
        </p>
      )}
      <h3 className="team-subtitle">Open invitations</h3>
      {view.invitations.length === 0 ? (
        <p className="muted">No open invitations.</p>
      ) : (
        <ul className="team-invitations">
          {view.invitations.map((invitation) => (
            <li key={invitation.id}>
              <span>
                {invitation.email} as {roleLabels[invitation.role]}, until{' '}
                {new Date(invitation.expiresAt).toLocaleDateString()}
              </span>
              <button
                type="button"
                className="button button-small button-secondary"
                disabled={revoke.isPending}
                onClick={() =>
                  revoke.mutate(invitation.id, {
                    onSuccess: () => notify.success(`The invitation to ${invitation.email} was revoked`),
                    onError: fail,
                  })
                }
              >
                Revoke<span className="visually-hidden"> the invitation to {invitation.email}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A Pro workspace's Owner buys seats beyond the 3 Pro includes (issue 26 §6). */
function SeatsCard({ view }: { view: WorkspaceView }) {
  const { seats } = view;
  const demo = usePublicConfig().billingMode === 'demo';
  const setSeats = useSetExtraSeats();
  const [value, setValue] = useState(String(seats.extra));
  const [error, setError] = useState<string>();
  const fewest = fewestExtraSeats(seats.taken);
  const wanted = /^\d+$/.test(value.trim()) ? Number(value.trim()) : NaN;

  return (
    <section className="card" aria-labelledby="seats-title">
      <h2 id="seats-title" className="card-title">
        Add seats
      </h2>
      <p>
        Pro includes {includedSeats.pro} seats. Each extra seat is {formatMoney(extraSeatMonthlyPrice)} per month
        {seats.extra > 0 &&
          `: you have ${seats.extra} extra, ${formatMoney(seats.extra * extraSeatMonthlyPrice)} per month`}
        .
      </p>
      {demo && <p className="field-hint">Demo billing: seats are added at once and nobody is charged.</p>}
      <form
        noValidate
        className="team-seats-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (!Number.isInteger(wanted) || wanted < fewest || wanted > MAX_EXTRA_SEATS) {
            setError(
              wanted < fewest
                ? `${seats.taken} people hold seats: keep at least ${fewest} extra.`
                : `Enter a whole number from ${fewest} to ${MAX_EXTRA_SEATS}.`,
            );
            return;
          }
          setError(undefined);
          setSeats.mutate(wanted, {
            onSuccess: (next) =>
              notify.success(`The workspace now has ${next.seats.total} seats (${next.seats.extra} extra)`),
            onError: fail,
          });
        }}
      >
        <TextField
          id="extra-seats"
          label="Extra seats"
          type="number"
          autoComplete="off"
          value={value}
          error={error}
          onChange={setValue}
        />
        <button type="submit" className="button button-primary" disabled={setSeats.isPending}>
          {setSeats.isPending ? 'Saving...' : 'Save seats'}
        </button>
      </form>
      {Number.isInteger(wanted) && wanted !== seats.extra && wanted >= 0 && wanted <= MAX_EXTRA_SEATS && (
        <p className="field-hint">
          {includedSeats.pro + wanted} seats, {formatMoney(wanted * extraSeatMonthlyPrice)} per month for the extra
          seats{demo ? ' (demo)' : ''}.
        </p>
      )}
    </section>
  );
}

function LeadAssignmentCard({ view }: { view: WorkspaceView }) {
  const change = useChangeWorkspace();
  const { workspace, members } = view;
  const [rule, setRule] = useState(workspace.leadAssignment);
  const owner = members.find((member) => member.role === 'owner');
  const [assignee, setAssignee] = useState(workspace.leadAssigneeUserId ?? owner?.userId ?? '');
  const hasAcquisitions = members.some((member) => member.role === 'acquisitions');

  return (
    <section className="card" aria-labelledby="assignment-title">
      <h2 id="assignment-title" className="card-title">
        New leads
      </h2>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          change.mutate(
            { leadAssignment: rule === 'member' ? { rule, userId: assignee } : { rule } },
            { onSuccess: () => notify.success('Lead assignment saved'), onError: fail },
          );
        }}
      >
        <fieldset className="team-assignment">
          <legend>Who gets a new lead</legend>
          <p className="muted">A lead from a member&apos;s personal page always goes to that member.</p>
          <label>
            <input type="radio" name="rule" checked={rule === 'member'} onChange={() => setRule('member')} /> One member
          </label>
          {rule === 'member' && (
            <SelectField
              id="assignment-member"
              label="Member"
              value={assignee}
              placeholder="Choose a member"
              options={members.map((member) => ({ value: member.userId, label: member.name }))}
              onChange={setAssignee}
            />
          )}
          <label>
            <input type="radio" name="rule" checked={rule === 'round-robin'} onChange={() => setRule('round-robin')} />{' '}
            Round-robin among the Acquisitions members
          </label>
          {rule === 'round-robin' && !hasAcquisitions && (
            <p className="field-hint">No Acquisitions member yet: new leads go to the Owner until one joins.</p>
          )}
        </fieldset>
        <button type="submit" className="button button-primary" disabled={change.isPending}>
          {change.isPending ? 'Saving...' : 'Save'}
        </button>
      </form>
    </section>
  );
}
