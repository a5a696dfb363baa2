import { useId, useState } from 'react';
import { Link } from 'react-router';
import { fillFollowUpFields, followUpFieldValues, renderFollowUpEmail } from '#domain/follow-ups/render-step.ts';
import { followUpSequenceKindLabels } from '#domain/follow-ups/sequence-kinds.ts';
import type { FollowUpSequenceRequestInput } from '#domain/follow-ups/sequence-request.ts';
import {
  FOLLOW_UP_SEQUENCE_KINDS,
  followUpStepLabel,
  type FollowUpSequenceKind,
  type FollowUpStep,
} from '#domain/follow-ups/sequence.ts';
import { canEditFollowUpSequence } from '#domain/plans/plans.ts';
import { taskKindLabels } from '#domain/tasks/task-requests.ts';
import { serverErrorMessage } from '#web/api/api-client.ts';
import { useEditTask, useMyTasks, type Task } from '#web/api/tasks-api.ts';
import { useSession } from '#web/api/use-session.ts';
import { useSubscription } from '#web/api/use-subscription.ts';
import { useMay } from '#web/api/use-workspace.ts';
import { notify } from '#web/components/notify.ts';
import {
  useFollowUps,
  useFollowUpSequences,
  useMarkTaskDone,
  useResetSequence,
  type FollowUpsView,
  type FollowUpTask,
} from './follow-ups-api';
import { PrintTodayCard } from './print-today-card';
import { SequenceEditor } from './sequence-editor';
import './follow-ups.css';

const timeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const when = (iso: string) => timeFormat.format(new Date(iso));

/** /follow-ups: today's calls, texts and letters, the e-mails about to go out, and how each step does. */
export function FollowUpsPage() {
  const followUps = useFollowUps();
  return (
    <section className="follow-ups-page" aria-labelledby="follow-ups-title">
      <p className="follow-ups-back">
        <Link to="/leads">← Leads</Link>
      </p>
      <h1 id="follow-ups-title">Follow-ups</h1>
      <p className="muted">
        Every sequence stops the moment the homeowner answers, unsubscribes, bounces or replies. A first offer’s
        follow-ups also stop when the lead moves past New; a nurture keeps going until it is Under Contract or Closed.
      </p>
      {followUps.isPending ? (
        <p className="loading" role="status">
          Loading your follow-ups...
        </p>
      ) : followUps.isError ? (
        <div className="card" role="alert">
          <p>{serverErrorMessage(followUps.error, 'We could not load your follow-ups. Please try again.')}</p>
          <button type="button" className="button button-primary" onClick={() => void followUps.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        <div className="follow-ups-layout">
          <TodayCard tasks={followUps.data.tasks} />
          <PrintTodayCard pieces={followUps.data.dueMail} />
          <DueEmailsCard emails={followUps.data.dueEmails} />
          <StepsCard view={followUps.data} />
          <SequenceCard view={followUps.data} />
        </div>
      )}
    </section>
  );
}

const taskVerbs: Record<string, string> = { call: 'Call', text: 'Text', mail: 'Mail a letter to' };

/** One entry of the Today list: a sequence's task or one of the member's own tasks, by due time. */
type TodayEntry = { source: 'sequence'; task: FollowUpTask } | { source: 'desk'; task: Task };

function TodayCard({ tasks }: { tasks: FollowUpTask[] }) {
  const worksDeals = useMay()('work-deals');
  const mine = useMyTasks();
  const desk = mine.data?.today ?? [];
  const entries: TodayEntry[] = [
    ...tasks.map((task) => ({ source: 'sequence' as const, task })),
    ...desk.map((task) => ({ source: 'desk' as const, task })),
  ].sort((a, b) => a.task.dueAt.localeCompare(b.task.dueAt) || a.task.id.localeCompare(b.task.id));
  // Before the start of the member's day (the server's clock and their time zone), a task is overdue.
  const startOfDay = mine.data?.startOfDay ?? null;
  const isOverdue = (dueAt: string) => startOfDay !== null && dueAt < startOfDay;
  const overdue = entries.filter((entry) => isOverdue(entry.task.dueAt)).length;
  return (
    <section className="card" aria-labelledby="follow-ups-today-title">
      <h2 id="follow-ups-today-title" className="card-title">
        Today
      </h2>
      {mine.isError && (
        <p role="alert">{serverErrorMessage(mine.error, 'We could not load your own tasks. Please try again.')}</p>
      )}
      {entries.length === 0 ? (
        <p className="muted">No calls, texts, letters or meetings due. Tasks appear here on their day.</p>
      ) : (
        <>
          <p className="muted" role="status">
            {entries.length} {entries.length === 1 ? 'task' : 'tasks'} due
            {overdue > 0 && <strong className="task-overdue-badge">, {overdue} overdue</strong>}
            {mine.data && mine.data.todayTotal > desk.length && ` (the first ${desk.length} of your own shown)`}
          </p>
          <ul className="follow-up-tasks">
            {entries.map((entry) =>
              entry.source === 'sequence' ? (
                <TaskItem
                  key={entry.task.id}
                  task={entry.task}
                  mayComplete={worksDeals}
                  overdue={isOverdue(entry.task.dueAt)}
                />
              ) : (
                <DeskTaskItem key={entry.task.id} task={entry.task} overdue={isOverdue(entry.task.dueAt)} />
              ),
            )}
          </ul>
        </>
      )}
    </section>
  );
}

/** "Overdue" said in words, before the title, so it stands out to a screen reader as to the eye. */
function OverdueMark({ overdue }: { overdue: boolean }) {
  return overdue ? <span className="task-overdue-badge">Overdue: </span> : null;
}

function DeskTaskItem({ task, overdue }: { task: Task; overdue: boolean }) {
  const edit = useEditTask();
  const headingId = useId();
  const who = task.lead ? task.lead.name || task.lead.address : 'No lead';
  const kind = taskKindLabels[task.kind];
  return (
    <li className={`follow-up-task${overdue ? ' task-overdue' : ''}`} aria-labelledby={headingId}>
      <h3 id={headingId} className="follow-up-task-title">
        <OverdueMark overdue={overdue} />
        {kind} {who}
      </h3>
      <p className="muted">
        {kind} task, due <time dateTime={task.dueAt}>{when(task.dueAt)}</time>
        {task.lead && <> · {task.lead.address}</>}
      </p>
      {task.note && <p className="follow-up-script">{task.note}</p>}
      {task.kind === 'call' && task.lead?.phone && (
        <p>
          Phone: <a href={`tel:${task.lead.phone}`}>{task.lead.phone}</a>
        </p>
      )}
      <div className="follow-up-task-actions">
        {task.lead && <Link to={`/leads/${task.lead.id}`}>Open the lead</Link>}
        <button
          type="button"
          className="button button-primary"
          disabled={edit.isPending}
          aria-label={`Mark done: ${kind} ${who}`}
          onClick={() =>
            edit.mutate(
              { id: task.id, done: true },
              {
                onSuccess: () => notify.success(`${kind} ${who} done`),
                onError: (error) => notify.error(serverErrorMessage(error, 'Something went wrong. Please try again.')),
              },
            )
          }
        >
          {edit.isPending ? 'Saving...' : 'Mark done'}
        </button>
      </div>
    </li>
  );
}

function TaskItem({ task, mayComplete, overdue }: { task: FollowUpTask; mayComplete: boolean; overdue: boolean }) {
  const done = useMarkTaskDone();
  const headingId = useId();
  const who = task.recipientName || task.recipientEmail;
  return (
    <li className={`follow-up-task${overdue ? ' task-overdue' : ''}`} aria-labelledby={headingId}>
      <h3 id={headingId} className="follow-up-task-title">
        <OverdueMark overdue={overdue} />
        {taskVerbs[task.kind] ?? task.label} {who}
      </h3>
      <p className="muted">
        {task.label}, due <time dateTime={task.dueAt}>{when(task.dueAt)}</time> · {task.address}
      </p>
      <p>
        {task.kind === 'mail' ? (
          <>Mail to: {task.address}</>
        ) : task.phone ? (
          <>
            Phone: <a href={`tel:${task.phone}`}>{task.phone}</a>
          </>
        ) : (
          <>No phone number on file: e-mail {task.recipientEmail} instead, or look the owner up.</>
        )}
      </p>
      <details>
        <summary>Script</summary>
        <p className="follow-up-script">{task.script}</p>
      </details>
      <div className="follow-up-task-actions">
        {task.smsUrl && (
          <a className="button button-secondary" href={task.smsUrl}>
            Open the text in your messages app
          </a>
        )}
        {task.leadId && <Link to={`/leads/${task.leadId}`}>Open the lead</Link>}
        {mayComplete && (
          <button
            type="button"
            className="button button-primary"
            disabled={done.isPending}
            onClick={() =>
              done.mutate(task.id, {
                onSuccess: () => notify.success(`${task.label} for ${who} done`),
                onError: (error) => notify.error(serverErrorMessage(error, 'Something went wrong. Please try again.')),
              })
            }
          >
            {done.isPending ? 'Saving...' : 'Mark done'}
          </button>
        )}
      </div>
    </li>
  );
}

function DueEmailsCard({ emails }: { emails: FollowUpsView['dueEmails'] }) {
  return (
    <section className="card" aria-labelledby="follow-ups-emails-title">
      <h2 id="follow-ups-emails-title" className="card-title">
        E-mails going out within a day
      </h2>
      {emails.length === 0 ? (
        <p className="muted">None. Each goes out by itself in the homeowner’s morning unless they answer first.</p>
      ) : (
        <ul className="follow-up-emails">
          {emails.map((email) => (
            <li key={email.followUpId}>
              {email.leadId ? (
                <Link to={`/leads/${email.leadId}`}>{email.recipientName || email.recipientEmail}</Link>
              ) : (
                <span>{email.recipientName || email.recipientEmail}</span>
              )}{' '}
              <span className="muted">
                · {email.address} · day {email.day} · <time dateTime={email.dueAt}>{when(email.dueAt)}</time>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function StepsCard({ view }: { view: FollowUpsView }) {
  return (
    <section className="card" aria-labelledby="follow-ups-steps-title">
      <h2 id="follow-ups-steps-title" className="card-title">
        How each step does
      </h2>
      {/* Scrolls sideways on a phone: focusable, so a keyboard can scroll it too. */}
      <div className="follow-up-steps-scroll" role="region" aria-label="Results per step" tabIndex={0}>
        <table className="follow-up-steps">
          <caption className="visually-hidden">
            Per step of {view.sequence.name}: how many took it and what followed
          </caption>
          <thead>
            <tr>
              <th scope="col">Step</th>
              <th scope="col">Sent</th>
              <th scope="col">Answered after it</th>
              <th scope="col">Unsubscribed</th>
              <th scope="col">Bounced</th>
            </tr>
          </thead>
          <tbody>
            {view.steps.map((step) => (
              <tr key={step.step}>
                <th scope="row">
                  Day {step.day}: {step.label}
                </th>
                <td>{step.sent}</td>
                <td>{step.answered}</td>
                <td>{step.unsubscribed}</td>
                <td>{step.bounced}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

// What the preview fills the fields with: a made-up homeowner, never a real one.
const sampleDeal = {
  recipientName: 'Jordan Smith',
  address: '48 Elm St, Austin, TX 78701',
  offerRange: { low: 113_000, high: 128_000 },
  offerUrl: 'https://example.com/offer/…',
  offerExpiresAt: new Date(Date.now() + 7 * 24 * 60 * 60 * 1000),
  wholesalerName: 'Your name',
  wholesalerPhone: '(512) 555-0100',
};

type PreviewStep = Exclude<FollowUpStep, { kind: 'offer' }>;

/** The steps of a draft as the preview draws them (a day not typed yet reads as 0). */
function previewSteps(draft: FollowUpSequenceRequestInput): PreviewStep[] {
  return draft.steps.map((step): PreviewStep => {
    const day = Number.isFinite(step.day) ? step.day : 0;
    if (step.kind === 'email') return { ...step, day, renewsOffer: step.renewsOffer ?? false };
    if ('body' in step) return { ...step, day };
    return { ...step, day, renewsOffer: step.renewsOffer ?? true };
  });
}

/**
 * The workspace's sequences (first offer, nurture, quarterly: one shown at a time), each step shown
 * exactly as a homeowner gets it (with sample values); a Pro workspace's managers write their own,
 * the preview following what they type; other plans read the built-ins.
 */
function SequenceCard({ view }: { view: FollowUpsView }) {
  const { user } = useSession();
  const subscription = useSubscription(Boolean(user));
  const managesWorkspace = useMay()('manage-workspace');
  const planEdits = subscription.data ? canEditFollowUpSequence(subscription.data.plan) : false;
  const [kind, setKind] = useState<FollowUpSequenceKind>('first-offer');
  const kindSelect = useId();
  const sequences = useFollowUpSequences();
  const shown = sequences.data?.sequences.find((entry) => entry.kind === kind) ?? {
    kind: 'first-offer' as const,
    sequence: view.sequence,
    custom: view.custom,
  };
  const reset = useResetSequence(shown.kind);
  const [draft, setDraft] = useState<FollowUpSequenceRequestInput | null>(null);
  const [editing, setEditing] = useState(false);
  const saved = shown.sequence.steps.filter((step): step is PreviewStep => step.kind !== 'offer');
  const steps = editing && draft ? previewSteps(draft) : saved;
  return (
    <section className="card" aria-labelledby="follow-ups-sequence-title">
      <div className="follow-up-sequence-kind">
        <label htmlFor={kindSelect}>Sequence</label>
        <select
          id={kindSelect}
          value={kind}
          disabled={editing}
          onChange={(event) => setKind(event.target.value as FollowUpSequenceKind)}
        >
          {FOLLOW_UP_SEQUENCE_KINDS.map((option) => (
            <option key={option} value={option}>
              {followUpSequenceKindLabels[option]}
            </option>
          ))}
        </select>
      </div>
      <h2 id="follow-ups-sequence-title" className="card-title">
        {shown.sequence.name}
        {shown.custom && <span className="muted"> (your own)</span>}
      </h2>
      {shown.kind !== 'first-offer' && (
        <p className="muted">Each step re-states a fresh offer, computed from the lead’s figures on the day.</p>
      )}
      <p className="muted">
        Day 0 is the offer itself. Texts are never sent for you: a text task opens your own messages app.
      </p>
      {managesWorkspace &&
        !editing &&
        (planEdits ? (
          <div className="follow-up-task-actions">
            <button
              type="button"
              className="button button-secondary"
              onClick={() => {
                setDraft(null);
                setEditing(true);
              }}
            >
              Edit the sequence
            </button>
            {shown.custom && (
              <button
                type="button"
                className="button button-secondary"
                disabled={reset.isPending}
                onClick={() =>
                  reset.mutate(undefined, {
                    onSuccess: () => notify.success('New follow-ups start with the built-in sequence'),
                    onError: (error) =>
                      notify.error(serverErrorMessage(error, 'Something went wrong. Please try again.')),
                  })
                }
              >
                Use the built-in sequence
              </button>
            )}
          </div>
        ) : (
          <p className="muted">Pro workspaces write their own sequences.</p>
        ))}
      {editing && (
        <SequenceEditor
          key={`editor-${shown.kind}`}
          kind={shown.kind}
          sequence={shown.sequence}
          onDone={() => setEditing(false)}
          onChange={setDraft}
        />
      )}
      <StepPreview key={`preview-${shown.kind}`} steps={steps} />
    </section>
  );
}

function StepPreview({ steps }: { steps: PreviewStep[] }) {
  const [chosen, setChosen] = useState(0);
  const selectId = useId();
  const step = steps[chosen] ?? steps[0];
  if (!step) return null;
  const email =
    step.kind === 'email'
      ? renderFollowUpEmail(step, sampleDeal, {
          unsubscribeUrl: 'https://example.com/unsubscribe?token=…',
          sender: { name: sampleDeal.wholesalerName, postalAddress: 'Your postal address' },
        })
      : null;
  return (
    <div className="follow-up-preview-block">
      <label htmlFor={selectId}>Preview a step</label>
      <select id={selectId} value={chosen} onChange={(event) => setChosen(Number(event.target.value))}>
        {steps.map((candidate, index) => (
          <option key={index} value={index}>
            Day {candidate.day}: {followUpStepLabel(candidate)}
          </option>
        ))}
      </select>
      <div className="follow-up-preview" aria-live="polite">
        {email ? (
          <>
            <p>
              <strong>Subject:</strong> {email.subject}
            </p>
            <p className="follow-up-script">{email.text}</p>
            {step.kind === 'email' && step.renewsOffer && (
              <p className="muted">This step keeps the offer open for another 7 days.</p>
            )}
          </>
        ) : 'body' in step ? (
          <p className="follow-up-script">{fillFollowUpFields(step.body, followUpFieldValues(sampleDeal))}</p>
        ) : (
          <p className="follow-up-script">
            The owner’s mailed offer again, as a {step.kind}: {followUpFieldValues(sampleDeal).offerRange} for{' '}
            {sampleDeal.address}, its short address, and the date it holds until.
          </p>
        )}
      </div>
    </div>
  );
}
