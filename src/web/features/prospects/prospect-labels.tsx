import type { ProspectChannel } from '#domain/prospects/prospect-requests.ts';
import { prospectStatusLabels, type ProspectStatus } from '#domain/prospects/prospect-touch.ts';

export const channelLabels: Record<ProspectChannel, string> = { email: 'E-mail', phone: 'Phone', mail: 'Mail' };

/** A prospect's status as a badge: Prospect, Lead, Stopped. */
export function StatusBadge({ status }: { status: ProspectStatus }) {
  return <span className={`prospect-status prospect-status-${status}`}>{prospectStatusLabels[status]}</span>;
}
