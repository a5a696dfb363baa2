import { useId, useState } from 'react';
import {
  FollowUpSequenceRequestSchema,
  MAX_FOLLOW_UP_STEPS,
  type FollowUpSequenceRequestInput,
} from '../../../domain/follow-ups/sequence-request';
import { FOLLOW_UP_FIELDS, followUpStepLabel, type FollowUpSequence } from '../../../domain/follow-ups/sequence';
import { serverErrorMessage } from '../../api/api-client';
import { notify } from '../../components/notify';
import { useSaveSequence } from './follow-ups-api';

type StepDraft = {
  kind: 'email' | 'call' | 'text' | 'mail';
  day: string;
  subject: string;
  body: string;
  renewsOffer: boolean;
};

const kinds: StepDraft['kind'][] = ['email', 'call', 'text', 'mail'];

function draftOf(sequence: FollowUpSequence): { name: string; steps: StepDraft[] } {
  return {
    name: sequence.name,
    steps: sequence.steps.flatMap((step) =>
      step.kind === 'offer'
        ? []
        : [
            {
              kind: step.kind,
              day: String(step.day),
              subject: step.kind === 'email' ? step.subject : '',
              body: step.body,
              renewsOffer: step.kind === 'email' ? step.renewsOffer : false,
            },
          ],
    ),
  };
}

function requestOf(draft: { name: string; steps: StepDraft[] }): FollowUpSequenceRequestInput {
  return {
    name: draft.name,
    steps: draft.steps.map((step) => {
      const day = step.day.trim() === '' ? Number.NaN : Number(step.day);
      return step.kind === 'email'
        ? { kind: 'email', day, subject: step.subject, body: step.body, renewsOffer: step.renewsOffer }
        : { kind: step.kind, day, body: step.body };
    }),
  };
}

/**
 * A Pro workspace's own sequence: its name and the steps after the offer (day, kind, subject and
 * message of an e-mail, script of a task), checked by the server's own schema before it is sent;
 * the first problem is said next to its field and focused.
 */
export function SequenceEditor({
  sequence,
  onDone,
  onChange,
}: {
  sequence: FollowUpSequence;
  onDone: () => void;
  /** The draft as it stands, for the preview beside it. */
  onChange: (draft: FollowUpSequenceRequestInput) => void;
}) {
  const [draft, setDraft] = useState(() => draftOf(sequence));
  const [problem, setProblem] = useState<{ path: string; message: string } | null>(null);
  const save = useSaveSequence();
  const id = useId();
  const fieldId = (path: string) => `${id}-${path}`;

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
      document.getElementById(fieldId(path))?.focus();
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

  const errorFor = (path: string) =>
    problem?.path === path ? (
      <p className="field-error" id={`${fieldId(path)}-error`}>
        {problem.message}
      </p>
    ) : null;
  const described = (path: string) =>
    problem?.path === path ? { 'aria-invalid': true, 'aria-describedby': `${fieldId(path)}-error` } : {};

  return (
    <form className="sequence-editor" onSubmit={submit} noValidate aria-label="Edit the sequence">
      <p className="muted">
        Fields you can use: {FOLLOW_UP_FIELDS.map((field) => `{${field}}`).join(', ')}. Plain words only: the offer link
        is added by {'{offerLink}'}.
      </p>
      <label htmlFor={fieldId('name')}>Name</label>
      <input
        id={fieldId('name')}
        value={draft.name}
        onChange={(event) => update({ ...draft, name: event.target.value })}
        {...described('name')}
      />
      {errorFor('name')}
      <ol className="sequence-steps">
        {draft.steps.map((step, index) => (
          <li key={index} className="sequence-step">
            <fieldset>
              <legend>Step {index + 1}</legend>
              <div className="sequence-step-row">
                <div>
                  <label htmlFor={fieldId(`steps.${index}.day`)}>Day</label>
                  <input
                    id={fieldId(`steps.${index}.day`)}
                    inputMode="numeric"
                    value={step.day}
                    onChange={(event) => updateStep(index, { day: event.target.value })}
                    {...described(`steps.${index}.day`)}
                  />
                </div>
                <div>
                  <label htmlFor={fieldId(`steps.${index}.kind`)}>Kind</label>
                  <select
                    id={fieldId(`steps.${index}.kind`)}
                    value={step.kind}
                    onChange={(event) => updateStep(index, { kind: event.target.value as StepDraft['kind'] })}
                  >
                    {kinds.map((kind) => (
                      <option key={kind} value={kind}>
                        {followUpStepLabel({ kind })}
                      </option>
                    ))}
                  </select>
                </div>
              </div>
              {errorFor(`steps.${index}.day`)}
              {step.kind === 'email' && (
                <>
                  <label htmlFor={fieldId(`steps.${index}.subject`)}>Subject</label>
                  <input
                    id={fieldId(`steps.${index}.subject`)}
                    value={step.subject}
                    onChange={(event) => updateStep(index, { subject: event.target.value })}
                    {...described(`steps.${index}.subject`)}
                  />
                  {errorFor(`steps.${index}.subject`)}
                </>
              )}
              <label htmlFor={fieldId(`steps.${index}.body`)}>{step.kind === 'email' ? 'Message' : 'Script'}</label>
              <textarea
                id={fieldId(`steps.${index}.body`)}
                rows={5}
                value={step.body}
                onChange={(event) => updateStep(index, { body: event.target.value })}
                {...described(`steps.${index}.body`)}
              />
              {errorFor(`steps.${index}.body`)}
              {step.kind === 'email' && (
                <label className="sequence-renews">
                  <input
                    type="checkbox"
                    checked={step.renewsOffer}
                    onChange={(event) => updateStep(index, { renewsOffer: event.target.checked })}
                  />
                  <span>Keep the offer open for another 7 days with this e-mail</span>
                </label>
              )}
              <button
                type="button"
                className="button button-secondary button-small"
                disabled={draft.steps.length === 1}
                onClick={() => update({ ...draft, steps: draft.steps.filter((_, i) => i !== index) })}
              >
                Remove step {index + 1}
              </button>
            </fieldset>
          </li>
        ))}
      </ol>
      {errorFor('steps')}
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
