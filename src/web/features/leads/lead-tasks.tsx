import { useId } from 'react';
import type { LeadStatus } from '#domain/leads/lead-status.ts';
import { MAX_TASK_NOTE_LENGTH, TASK_KINDS, taskKindLabels } from '#domain/tasks/task-requests.ts';
import { ApiError, serverErrorMessage } from '#web/api/api-client.ts';
import { useCreateTask, useDeleteTask, useEditTask, useLeadTasks, type Task } from '#web/api/tasks-api.ts';
import { useSession } from '#web/api/use-session.ts';
import { useMayWorkLead, useWorkspace } from '#web/api/use-workspace.ts';
import { notify } from '#web/components/notify.ts';
import { SelectField } from '#web/components/select-field.tsx';
import { TextAreaField } from '#web/components/text-area-field.tsx';
import { TextField } from '#web/components/text-field.tsx';
import { useSchemaForm } from '#web/components/use-schema-form.ts';
import { formatLeadTime } from './lead-labels';
import { localDateAfter, localDateTime, TaskFormSchema, type TaskFormValues } from './task-form-schema';

const kindOptions = TASK_KINDS.map((kind) => ({ value: kind, label: taskKindLabels[kind] }));

/** A lead's tasks (open ones first, overdue ones marked) and, for a member who may work it, "Add task". */
export function LeadTasks({ leadId, status }: { leadId: string; status: LeadStatus }) {
  const tasks = useLeadTasks(leadId);
  const mayWork = useMayWorkLead(status);
  return (
    <section className="card" aria-labelledby="lead-tasks-title">
      <h2 id="lead-tasks-title" className="card-title">
        Tasks
      </h2>
      {tasks.isPending ? (
        <p className="loading" role="status">
          Loading tasks...
        </p>
      ) : tasks.isError ? (
        <p role="alert">{serverErrorMessage(tasks.error, 'We could not load the tasks. Please try again.')}</p>
      ) : tasks.data.tasks.length === 0 ? (
        <p className="muted">No tasks on this lead yet.</p>
      ) : (
        <ul className="lead-tasks">
          {tasks.data.tasks.map((task) => (
            <LeadTaskItem key={task.id} task={task} mayWork={mayWork} now={tasks.data.now} />
          ))}
        </ul>
      )}
      {mayWork && <AddTaskForm leadId={leadId} />}
    </section>
  );
}

function LeadTaskItem({ task, mayWork, now }: { task: Task; mayWork: boolean; now: string }) {
  const edit = useEditTask();
  const remove = useDeleteTask();
  const overdue = task.doneAt === null && task.dueAt < now;
  const what = `${taskKindLabels[task.kind]}, ${formatLeadTime(task.dueAt)}`;
  return (
    <li className={`lead-task${overdue ? ' task-overdue' : ''}${task.doneAt ? ' task-done' : ''}`}>
      <p>
        <strong>{taskKindLabels[task.kind]}</strong> · due{' '}
        <time dateTime={task.dueAt}>{formatLeadTime(task.dueAt)}</time>
        {overdue && <span className="task-overdue-badge"> Overdue</span>}
        {task.doneAt && <span className="muted"> · done</span>}
        <span className="muted"> · {task.assignee.name}</span>
      </p>
      {task.note && <p className="lead-task-note">{task.note}</p>}
      {mayWork && (
        <div className="lead-task-actions">
          <button
            type="button"
            className="button button-secondary"
            disabled={edit.isPending}
            aria-label={`${task.doneAt ? 'Reopen' : 'Mark done'}: ${what}`}
            onClick={() =>
              edit.mutate(
                { id: task.id, done: task.doneAt === null },
                { onError: (error) => notify.error(serverErrorMessage(error, 'Could not change the task.')) },
              )
            }
          >
            {task.doneAt ? 'Reopen' : 'Mark done'}
          </button>
          <button
            type="button"
            className="button button-secondary"
            disabled={remove.isPending}
            aria-label={`Delete: ${what}`}
            onClick={() =>
              remove.mutate(task.id, {
                onSuccess: () => notify.success('Task deleted'),
                onError: (error) => notify.error(serverErrorMessage(error, 'Could not delete the task.')),
              })
            }
          >
            Delete
          </button>
        </div>
      )}
    </li>
  );
}

function AddTaskForm({ leadId }: { leadId: string }) {
  const me = useSession().user?.id ?? '';
  const team = useWorkspace().data;
  const create = useCreateTask();
  const id = useId();
  const initial: TaskFormValues = {
    kind: 'call',
    date: localDateAfter(0),
    time: '10:00',
    assigneeUserId: me,
    note: '',
  };
  const form = useSchemaForm(TaskFormSchema, initial, { showErrors: 'submit' });
  const members = team?.members ?? [];
  return (
    <form
      noValidate
      className="lead-task-form"
      aria-labelledby={`${id}-title`}
      onSubmit={form.handleSubmit((values) =>
        create
          .mutateAsync({
            leadId,
            kind: values.kind,
            dueAt: localDateTime(values.date, values.time),
            note: values.note,
            ...(values.assigneeUserId && { assigneeUserId: values.assigneeUserId }),
          })
          .then(
            () => {
              notify.success('Task added');
              form.reset({ ...initial, assigneeUserId: values.assigneeUserId });
            },
            (error: unknown) => {
              if (error instanceof ApiError && error.status < 500) {
                form.showError(error.field === 'userId' ? 'assigneeUserId' : 'note', error.message);
              } else notify.error('Could not add the task. Please try again.');
            },
          ),
      )}
    >
      <h3 id={`${id}-title`} className="lead-task-form-title">
        Add task
      </h3>
      <div className="form-grid">
        <SelectField
          id={`${id}-kind`}
          label="Kind"
          placeholder="Choose"
          options={kindOptions}
          {...form.field('kind')}
        />
        <TextField id={`${id}-date`} label="Due date" type="date" {...form.field('date')} />
        <TextField id={`${id}-time`} label="Due time" type="time" {...form.field('time')} />
        {members.length > 1 && (
          <SelectField
            id={`${id}-assignee`}
            label="Assigned to"
            placeholder="Me"
            // A suspended member takes no new work (the server refuses it too).
            options={members
              .filter((member) => !member.suspended)
              .map((member) => ({
                value: member.userId,
                label: member.userId === me ? `${member.name} (me)` : member.name,
              }))}
            {...form.field('assigneeUserId')}
          />
        )}
      </div>
      <TextAreaField
        id={`${id}-note`}
        label="Note (optional)"
        maxLength={MAX_TASK_NOTE_LENGTH}
        {...form.field('note')}
      />
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={form.submitting}>
          {form.submitting ? 'Adding...' : 'Add task'}
        </button>
      </div>
    </form>
  );
}
