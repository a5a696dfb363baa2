import { oneLine } from '../email/one-line';
import { escapeHtml } from '../html/escape-html';
import { roleLabels, type WorkspaceRole } from './roles';

export interface InvitationEmailInput {
  inviter: { name: string; accountEmail: string };
  workspaceName: string;
  role: WorkspaceRole;
  /** The page that accepts it (`/invitations/{id}`). */
  acceptUrl: string;
  validForDays: number;
  unsubscribeUrl: string;
}

/** The e-mail inviting someone into a workspace: who asked, into what, as which role, and that ignoring it is safe. */
export function invitationEmail({
  inviter,
  workspaceName,
  role,
  acceptUrl,
  validForDays,
  unsubscribeUrl,
}: InvitationEmailInput) {
  const name = oneLine(inviter.name);
  const workspace = oneLine(workspaceName);
  const subject = `${name} invited you to ${workspace} on the Cash Offer Calculator`;
  const asked = `${name} (${inviter.accountEmail}) invited you to work in ${workspace} as ${roleLabels[role]}.`;
  const valid = `The invitation works for ${validForDays} days.`;
  const ignore = 'If you did not expect this, ignore it: nothing happens unless you accept.';
  const text = [
    asked,
    '',
    `Accept it here: ${acceptUrl}`,
    valid,
    '',
    ignore,
    `Do not want e-mails like this? Unsubscribe: ${unsubscribeUrl}`,
  ].join('\n');
  const e = escapeHtml;
  const html = `<!doctype html>
<html><body style="font-family: system-ui, sans-serif; color: #111827; line-height: 1.5; max-width: 600px">
<p>${e(asked)}</p>
<p><a href="${e(acceptUrl)}" style="display: inline-block; padding: 10px 18px; border-radius: 8px; text-decoration: none; font-weight: 600; background: #1d4ed8; color: #ffffff">See the invitation</a></p>
<p>${e(valid)}</p>
<p>${e(ignore)}</p>
<p style="font-size: 12px; color: #6b7280">Do not want e-mails like this? <a href="${e(unsubscribeUrl)}" style="color: #6b7280">Unsubscribe</a>.</p>
</body></html>`;
  return { subject, html, text };
}
