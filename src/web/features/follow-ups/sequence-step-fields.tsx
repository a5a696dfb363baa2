import type { ReactNode } from 'react';
import { followUpStepLabel } from '#domain/follow-ups/sequence.ts';
import { kinds, type StepDraft } from './sequence-draft';

/** The editor's fields by path ('name', 'steps.0.day'): their ids, and the problem said next to one of them. */
export interface FieldProblems {
  fieldId: (path: string) => string;
  errorFor: (path: string) => ReactNode;
  described: (path: string) => { 'aria-invalid'?: true; 'aria-describedby'?: string };
}

/** The fields of the editor whose ids start with `id`, with `problem` said next to its field. */
export function fieldProblems(id: string, problem: { path: string; message: string } | null): FieldProblems {
  const fieldId = (path: string) => `${id}-${path}`;
  return {
    fieldId,
    errorFor: (path) =>
      problem?.path === path ? (
        <p className="field-error" id={`${fieldId(path)}-error`}>
          {problem.message}
        </p>
      ) : null,
    described: (path) =>
      problem?.path === path ? { 'aria-invalid': true, 'aria-describedby': `${fieldId(path)}-error` } : {},
  };
}

interface SequenceStepFieldsProps {
  index: number;
  step: StepDraft;
  fields: FieldProblems;
  /** False for the last step left: a sequence has at least one. */
  removable: boolean;
  onChange: (change: Partial<StepDraft>) => void;
  onRemove: () => void;
}

/** One step of the sequence: its day and kind, an e-mail's subject, its message or script, and whether it renews the offer. */
export function SequenceStepFields({ index, step, fields, removable, onChange, onRemove }: SequenceStepFieldsProps) {
  const mailed = step.kind === 'letter' || step.kind === 'postcard';
  return (
    <fieldset>
      <legend>Step {index + 1}</legend>
      <div className="sequence-step-row">
        <div>
          <label htmlFor={fields.fieldId(`steps.${index}.day`)}>Day</label>
          <input
            id={fields.fieldId(`steps.${index}.day`)}
            inputMode="numeric"
            value={step.day}
            onChange={(event) => onChange({ day: event.target.value })}
            {...fields.described(`steps.${index}.day`)}
          />
        </div>
        <div>
          <label htmlFor={fields.fieldId(`steps.${index}.kind`)}>Kind</label>
          <select
            id={fields.fieldId(`steps.${index}.kind`)}
            value={step.kind}
            onChange={(event) => onChange({ kind: event.target.value as StepDraft['kind'] })}
          >
            {kinds.map((kind) => (
              <option key={kind} value={kind}>
                {followUpStepLabel({ kind })}
              </option>
            ))}
          </select>
        </div>
      </div>
      {fields.errorFor(`steps.${index}.day`)}
      {step.kind === 'email' && (
        <>
          <label htmlFor={fields.fieldId(`steps.${index}.subject`)}>Subject</label>
          <input
            id={fields.fieldId(`steps.${index}.subject`)}
            value={step.subject}
            onChange={(event) => onChange({ subject: event.target.value })}
            {...fields.described(`steps.${index}.subject`)}
          />
          {fields.errorFor(`steps.${index}.subject`)}
        </>
      )}
      {mailed ? (
        <p className="muted">
          The owner’s mailed offer again: their range, short address and the date it holds until. Sent through your Lob
          key, or added to the day’s “Print these today” PDF. Owners the sequence reaches by e-mail only are skipped.
        </p>
      ) : (
        <>
          <label htmlFor={fields.fieldId(`steps.${index}.body`)}>{step.kind === 'email' ? 'Message' : 'Script'}</label>
          <textarea
            id={fields.fieldId(`steps.${index}.body`)}
            rows={5}
            value={step.body}
            onChange={(event) => onChange({ body: event.target.value })}
            {...fields.described(`steps.${index}.body`)}
          />
          {fields.errorFor(`steps.${index}.body`)}
        </>
      )}
      {(step.kind === 'email' || mailed) && (
        <label className="sequence-renews">
          <input
            type="checkbox"
            checked={step.renewsOffer}
            onChange={(event) => onChange({ renewsOffer: event.target.checked })}
          />
          <span>Keep the offer open for another 7 days with this {mailed ? 'piece' : 'e-mail'}</span>
        </label>
      )}
      <button type="button" className="button button-secondary button-small" disabled={!removable} onClick={onRemove}>
        Remove step {index + 1}
      </button>
    </fieldset>
  );
}
