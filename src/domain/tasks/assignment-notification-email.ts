import { escapeHtml } from '../html/escape-html';

/** What was given to a member: a lead, or a task on a lead (its kind's label and when it is due, ISO 8601). */
export interface Assignment {
  what: 'lead' | 'task';
  /** 'Call', 'Meeting'… for a task. */
  taskLabel?: string;
  dueAt?: string;
  lead: { id: string; address: string; name: string };
  assignedBy: string;
}

const dueFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/**
 * The e-mail telling a member a lead or task is now theirs (issue 42), when their profile's switch
 * asks for it. The subject carries nothing anyone typed (a homeowner's address or name reach the
 * body only, as the sending policy shows them); a link opens the lead.
 */
export function assignmentNotificationEmail(assignment: Assignment, appUrl: string) {
  const link = `${appUrl.replace(/\/$/, '')}/leads/${assignment.lead.id}`;
  const headline =
    assignment.what === 'lead'
      ? `${assignment.assignedBy || 'A teammate'} gave you a lead`
      : `${assignment.assignedBy || 'A teammate'} gave you a task: ${assignment.taskLabel ?? 'Task'}`;
  const lines = [
    headline,
    `Lead: ${[assignment.lead.name, assignment.lead.address].filter(Boolean).join(', ')}`,
    ...(assignment.dueAt ? [`Due: ${dueFormat.format(new Date(assignment.dueAt))} UTC`] : []),
    `Open it: ${link}`,
    'You get this e-mail because your profile asks to be told of work given to you; switch it off there.',
  ];
  return {
    subject: assignment.what === 'lead' ? 'A lead was assigned to you' : 'A task was assigned to you',
    text: lines.join('\n\n'),
    html: lines
      .map((line) =>
        line.startsWith('Open it: ')
          ? `<p><a href="${escapeHtml(link)}">Open the lead</a></p>`
          : `<p>${escapeHtml(line)}</p>`,
      )
      .join('\n'),
  };
}
