import { z } from 'zod';
import { boundedText } from '../validation/bounded-text';

/** What a task asks of its assignee (issue 42). */
export const TASK_KINDS = ['call', 'text', 'mail', 'meeting', 'other'] as const;
export type TaskKind = (typeof TASK_KINDS)[number];

export const taskKindLabels: Record<TaskKind, string> = {
  call: 'Call',
  text: 'Text',
  mail: 'Mail',
  meeting: 'Meeting',
  other: 'Other',
};

export const MAX_TASK_NOTE_LENGTH = 2000;

/** Open tasks one lead keeps at most: a page and a Today list stay a readable size. */
export const MAX_OPEN_TASKS_PER_LEAD = 100;

export const taskMessages = {
  notFound: 'Task not found',
  tooMany: `This lead already has ${MAX_OPEN_TASKS_PER_LEAD} open tasks, the most one lead can keep.`,
  notAMember: 'Choose a member of this workspace',
  suspended: "This member's seat is suspended: choose another member",
  dueAt: 'Please choose when the task is due',
} as const;

const TaskKindSchema = z.enum(TASK_KINDS, { error: 'Unknown kind of task' });
const DueAtSchema = z.iso.datetime({ offset: true, error: taskMessages.dueAt }).transform((text) => new Date(text));
const AssigneeSchema = z.string().min(1, 'Please choose a member').max(200, 'Unknown member');
const NoteSchema = boundedText('Note', MAX_TASK_NOTE_LENGTH);

/** POST /api/tasks: a task on a lead, due at a date and time (ISO 8601), for a member (default: whoever adds it). */
export const TaskCreateSchema = z.strictObject({
  kind: TaskKindSchema,
  dueAt: DueAtSchema,
  assigneeUserId: AssigneeSchema.optional(),
  note: NoteSchema.default(''),
  leadId: z.uuid('Unknown lead'),
});
export type TaskCreate = z.infer<typeof TaskCreateSchema>;

/** PATCH /api/tasks/{id}: what changes (at least one field); `done` completes it or opens it again. */
export const TaskEditSchema = z
  .strictObject({
    kind: TaskKindSchema.optional(),
    dueAt: DueAtSchema.optional(),
    assigneeUserId: AssigneeSchema.optional(),
    note: NoteSchema.optional(),
    done: z.boolean().optional(),
  })
  .refine((edit) => Object.values(edit).some((value) => value !== undefined), 'Nothing to change');
export type TaskEdit = z.infer<typeof TaskEditSchema>;

/** GET /api/tasks query: the member's own day, by their time zone (IANA, e.g. America/Chicago); or one lead's tasks. */
export const TasksQuerySchema = z.strictObject({
  timeZone: z
    .string()
    .max(64)
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, 'Unknown time zone')
    .optional(),
  leadId: z.uuid('Unknown lead').optional(),
});
