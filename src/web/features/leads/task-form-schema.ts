import { z } from 'zod';
import { CALL_OUTCOMES, callMessages } from '#domain/leads/lead-call.ts';
import { MAX_TASK_NOTE_LENGTH, TASK_KINDS } from '#domain/tasks/task-requests.ts';
import { boundedText } from '#domain/validation/bounded-text.ts';

const DateSchema = (message: string) => z.string().regex(/^\d{4}-\d{2}-\d{2}$/, message);
const TimeSchema = z.string().regex(/^\d{2}:\d{2}$/, 'Please choose a time');

/** The instant of a date and time as typed in the browser's own time zone (ISO 8601). */
export function localDateTime(date: string, time: string): string {
  return new Date(`${date}T${time}`).toISOString();
}

/** A date `days` from `from` as a date field holds it (YYYY-MM-DD, the browser's calendar). */
export function localDateAfter(days: number, from = new Date()): string {
  const date = new Date(from.getFullYear(), from.getMonth(), from.getDate() + days);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The lead page's "Add task" form: what, the day and time it is due, for whom, and a note. */
export const TaskFormSchema = z.object({
  kind: z.enum(TASK_KINDS, { error: 'Please choose a kind of task' }),
  date: DateSchema('Please choose a date'),
  time: TimeSchema,
  assigneeUserId: z.string(),
  note: boundedText('Note', MAX_TASK_NOTE_LENGTH),
});
export type TaskFormValues = { kind: string; date: string; time: string; assigneeUserId: string; note: string };

/** The outcome dialog after a call or text: how it went, the day (and time) it names, whether to mark Dead. */
export const CallOutcomeFormSchema = z
  .object({
    outcome: z.enum(CALL_OUTCOMES, { error: 'Please choose how it went' }),
    date: z.string(),
    time: z.string(),
    markDead: z.enum(['yes', '']),
    note: boundedText('Note', 2000),
  })
  .superRefine((form, context) => {
    if (form.outcome !== 'not-now' && form.outcome !== 'appointment-set') return;
    const message = form.outcome === 'not-now' ? callMessages.callBackAt : callMessages.appointmentAt;
    if (!DateSchema(message).safeParse(form.date).success) {
      context.addIssue({ code: 'custom', path: ['date'], message });
    }
    if (!TimeSchema.safeParse(form.time).success) {
      context.addIssue({ code: 'custom', path: ['time'], message: 'Please choose a time' });
    }
  });
export type CallOutcomeFormValues = { outcome: string; date: string; time: string; markDead: string; note: string };
