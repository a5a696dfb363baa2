import { useId, useState } from 'react';
import {
  FollowUpSequenceRequestSchema,
  MAX_FOLLOW_UP_STEPS,
  type FollowUpSequenceRequestInput,
} from '#domain/follow-ups/sequence-request.ts';
import { FOLLOW_UP_FIELDS, type FollowUpSequence, type FollowUpSequenceKind } from '#domain/follow-ups/sequence.ts';
import { serverErrorMessage } from '#web/api/api-client.ts';
import { notify } from '#web/components/notify.ts';
import { useSaveSequence } from './follow-ups-api';
import { draftOf, requestOf, type StepDraft } from './sequence-draft';
import { fieldProblems, SequenceStepFields } from './sequence-step-fields';

/**
 * A Pro workspace's own sequence: its name and the steps after the offer (day, kind, subject and
 * message of an e-mail, script of a task), checked by the server's own schema before it is sent;
 * the first problem is said next to its field and focused.
 */
export function SequenceEditor({
  kind,
  sequence,
  onDone,
  onChange,
}: {
  /** Which of the workspace's sequences it writes. */
  kind: FollowUpSequenceKind;
  sequence: FollowUpSequence;
  onDone: () => void;
  /** The draft as it stands, for the preview beside it. */
  onChange: (draft: FollowUpSequenceRequestInput) => void;
}) {
  const [draft, setDraft] = useState(() => draftOf(sequence));
  const [problem, setProblem] = useState<{ path: string; message: string } | null>(null);
  const save = useSaveSequence(kind);
  const id = useId();
  const fields = fieldProblems(id, problem);

  const update = (next: { name: string; steps: StepDraft[] }) => {
    setDraft(next);
    setProblem(null);
    onChange(requestOf(next));
  };
  const updateStep = (index: number, change: Partial<StepDraft>) =>
    update({ ...draft, steps: draft.steps.map((step, i) => (i === index ? { ...step, ...change } : step)) });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = FollowUpSequenceRequestSchema.safeParse(requestOf(draft));
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const path = issue.path.join('.') || 'steps';
      setProblem({ path, message: issue.message });
      document.getElementById(fields.fieldId(path))?.focus();
      return;
    }
    save.mutate(requestOf(draft), {
      onSuccess: () => {
        notify.success('Sequence saved: new follow-ups start with it');
        onDone();
      },
      onError: (error) => notify.error(serverErrorMessage(error, 'Something went wrong. Please try again.')),
    });
  };

  return (
    <form className="sequence-editor" onSubmit={submit} noValidate aria-label="Edit the sequence">
      <p className="muted">
        Fields you can use: {FOLLOW_UP_FIELDS.map((field) => `{${field}}`).join(', ')}. Plain words only: the offer link
        is added by {'{offerLink}'}.
      </p>
      <label htmlFor={fields.fieldId('name')}>Name</label>
      <input
        id={fields.fieldId('name')}
        value={draft.name}
        onChange={(event) => update({ ...draft, name: event.target.value })}
        {...fields.described('name')}
      />
      {fields.errorFor('name')}
      <ol className="sequence-steps">
        {draft.steps.map((step, index) => (
          <li key={index} className="sequence-step">
            <SequenceStepFields
              index={index}
              step={step}
              fields={fields}
              removable={draft.steps.length > 1}
              onChange={(change) => updateStep(index, change)}
              onRemove={() => update({ ...draft, steps: draft.steps.filter((_, i) => i !== index) })}
            />
          </li>
        ))}
      </ol>
      {fields.errorFor('steps')}
      <div className="follow-up-task-actions">
        <button
          type="button"
          className="button button-secondary"
          disabled={draft.steps.length >= MAX_FOLLOW_UP_STEPS}
          onClick={() => {
            const lastDay = Number(draft.steps.at(-1)?.day ?? 0) || 0;
            update({
              ...draft,
              steps: [
                ...draft.steps,
                { kind: 'email', day: String(lastDay + 7), subject: '', body: '', renewsOffer: false },
              ],
            });
          }}
        >
          Add a step
        </button>
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save sequence'}
        </button>
        <button type="button" className="button button-secondary" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
