import type { LeadStatus } from '../leads/lead-status';

/** A member's role in a workspace (issue 26), strongest first. */
export const WORKSPACE_ROLES = ['owner', 'manager', 'acquisitions', 'dispositions', 'viewer'] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];

export const roleLabels: Record<WorkspaceRole, string> = {
  owner: 'Owner',
  manager: 'Manager',
  acquisitions: 'Acquisitions',
  dispositions: 'Dispositions',
  viewer: 'Viewer',
};

/** What each role is for, as the team page says it. */
export const roleDescriptions: Record<WorkspaceRole, string> = {
  owner: 'Everything, including billing and removing members',
  manager: 'Everything but billing and ownership',
  acquisitions: 'Calculate, save, share offers, work leads, send revised offers',
  dispositions: 'Reads everything; works the deal once it is Under Contract',
  viewer: 'Read only',
};

/** Everything the server checks a member's role for, one name per kind of request. */
export type WorkspaceAction =
  /** Calculate, save and delete properties, share offers, answer with revised offers, work leads. */
  | 'work-deals'
  /** Change a lead's status or add a note once the lead is Under Contract or later. */
  | 'work-contracted-deals'
  /** Bulk e-mailed offers, exports to the CRM, the spreadsheet and CSV. */
  | 'bulk-send-and-export'
  /** Formula templates, integration keys and the workspace's lead assignment. */
  | 'manage-workspace'
  /** Invite, change and remove members (never an Owner, unless the member is one). */
  | 'manage-members'
  /** Add, edit, import, opt out and delete the workspace's cash buyers (issue 39). */
  | 'work-buyers'
  /** Let Acquisitions members see the buyers (the workspace's setting). */
  | 'share-buyers'
  | 'billing';

/** The member as the server sees them on every request: their role and the two switches an Owner or Manager sets. */
export interface WorkspaceMember {
  workspaceId: string;
  userId: string;
  role: WorkspaceRole;
  /** False: "only leads assigned to them". */
  seesAllLeads: boolean;
  /** Lets an Acquisitions member bulk send and export (Owners and Managers always may). */
  mayBulkSendAndExport: boolean;
}

const actionsByRole: Record<WorkspaceRole, readonly WorkspaceAction[]> = {
  owner: [
    'work-deals',
    'work-contracted-deals',
    'bulk-send-and-export',
    'manage-workspace',
    'manage-members',
    'work-buyers',
    'share-buyers',
    'billing',
  ],
  manager: [
    'work-deals',
    'work-contracted-deals',
    'bulk-send-and-export',
    'manage-workspace',
    'manage-members',
    'work-buyers',
  ],
  acquisitions: ['work-deals'],
  dispositions: ['work-contracted-deals', 'work-buyers'],
  viewer: [],
};

/** Whether the member may do `action` (every member may read what they can see). */
export function may(member: Pick<WorkspaceMember, 'role' | 'mayBulkSendAndExport'>, action: WorkspaceAction): boolean {
  if (actionsByRole[member.role].includes(action)) return true;
  return action === 'bulk-send-and-export' && member.role === 'acquisitions' && member.mayBulkSendAndExport;
}

/**
 * The roles that may do `action` whatever their switches (`always`), and those that may only with
 * "may bulk send and export" on (`withSwitch`): what a query checks about a member row.
 */
export function rolesThatMay(action: WorkspaceAction) {
  const always = WORKSPACE_ROLES.filter((role) => may({ role, mayBulkSendAndExport: false }, action));
  const withSwitch = WORKSPACE_ROLES.filter(
    (role) => !always.includes(role) && may({ role, mayBulkSendAndExport: true }, action),
  );
  return { always, withSwitch };
}

/** Statuses from which a lead is the Dispositions' to work: the deal is under contract or closed. */
export const CONTRACTED_LEAD_STATUSES: readonly LeadStatus[] = ['under-contract', 'closed'];

/**
 * Whether the member may change the status of a lead that has `status`, or add a note to it: roles
 * that work deals always may; Dispositions only once it is under contract or closed.
 */
export function mayWorkLead(member: Pick<WorkspaceMember, 'role' | 'mayBulkSendAndExport'>, status: LeadStatus) {
  return (
    may(member, 'work-deals') || (CONTRACTED_LEAD_STATUSES.includes(status) && may(member, 'work-contracted-deals'))
  );
}

/**
 * Whether the member may read the workspace's buyers and a deal's matching buyers: every role but
 * Acquisitions, who may only when the Owner shared them (`acquisitionsSeeBuyers`).
 */
export function maySeeBuyers(member: Pick<WorkspaceMember, 'role'>, acquisitionsSeeBuyers: boolean): boolean {
  return member.role !== 'acquisitions' || acquisitionsSeeBuyers;
}

/** The roles a member may give (by invitation or change): only an Owner makes another Owner. */
export function assignableRoles(by: WorkspaceRole): readonly WorkspaceRole[] {
  if (by === 'owner') return WORKSPACE_ROLES;
  if (by === 'manager') return WORKSPACE_ROLES.filter((role) => role !== 'owner');
  return [];
}

export function isWorkspaceRole(value: unknown): value is WorkspaceRole {
  return (WORKSPACE_ROLES as readonly unknown[]).includes(value);
}

/** Refusals a member sees, word for word on the server and the web. */
export const workspaceMessages = {
  notAllowed: 'Your role in this workspace does not allow that.',
  accessEnded: 'You are no longer a member of this workspace.',
  seatSuspended:
    'Your seat in this workspace is suspended: its plan now has fewer seats than members. Its Owner can add seats or choose who stays; until then, your own workspace is still yours.',
  billingOwnerOnly: "Only the workspace's Owner can change billing.",
} as const;
