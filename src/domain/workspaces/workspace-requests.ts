import { z } from 'zod';
import { boundedText } from '../validation/bounded-text';
import { hasNoInvisibleCharacters, invisibleCharactersMessage } from '../validation/invisible-characters';
import { WORKSPACE_ROLES } from './roles';

export const workspaceRequestMessages = {
  emailInvalid: 'Please enter a valid email address',
  roleInvalid: 'Please choose a role',
  nameRequired: 'Workspace name is required',
  assigneeRequired: 'Choose the member who gets new leads',
  leadsToRequired: "Choose who takes this member's leads",
} as const;

const role = z.enum(WORKSPACE_ROLES, workspaceRequestMessages.roleInvalid);
const id = z.string().min(1).max(100);

/** POST /api/workspace/invitations: who to invite, as which role. */
export const InvitationRequestSchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254, workspaceRequestMessages.emailInvalid)
    .pipe(z.email(workspaceRequestMessages.emailInvalid)),
  role,
});
export type InvitationRequest = z.infer<typeof InvitationRequestSchema>;

/** PATCH /api/workspace/members/{id}: a member's role and switches, any of them. */
export const MemberChangeSchema = z
  .object({ role, seesAllLeads: z.boolean(), mayBulkSendAndExport: z.boolean() })
  .partial()
  .strict()
  .refine((change) => Object.keys(change).length > 0, 'Nothing to change');
export type MemberChange = z.infer<typeof MemberChangeSchema>;

/** DELETE /api/workspace/members/{id}: whoever takes the removed member's leads. */
export const MemberRemovalSchema = z.object({ leadsTo: id.describe(workspaceRequestMessages.leadsToRequired) });

/** PATCH /api/workspace: its name and how new leads are assigned. */
export const WorkspaceChangeSchema = z
  .object({
    name: boundedText('Workspace name', 100)
      .refine((value) => value !== '', workspaceRequestMessages.nameRequired)
      .refine((value) => hasNoInvisibleCharacters(value), invisibleCharactersMessage),
    leadAssignment: z.discriminatedUnion('rule', [
      z.object({ rule: z.literal('member'), userId: id }),
      z.object({ rule: z.literal('round-robin') }),
    ]),
  })
  .partial()
  .strict()
  .refine((change) => Object.keys(change).length > 0, 'Nothing to change');
export type WorkspaceChange = z.infer<typeof WorkspaceChangeSchema>;

/** PUT /api/workspace/active: the workspace to work in. */
export const ActiveWorkspaceSchema = z.object({ workspaceId: id });
