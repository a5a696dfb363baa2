import { useId } from 'react';
import { CALL_OUTCOMES, callOutcomeLabels } from '#domain/leads/lead-call.ts';
import { ApiError } from '#web/api/api-client.ts';
import { Modal } from '#web/components/modal.tsx';
import { notify } from '#web/components/notify.ts';
import { TextAreaField } from '#web/components/text-area-field.tsx';
import { TextField } from '#web/components/text-field.tsx';
import { useSchemaForm } from '#web/components/use-schema-form.ts';
import { formatLeadTime } from './lead-labels';
import { useLogLeadCall, type LeadDetail } from './leads-api';
import { CallOutcomeFormSchema, localDateTime, type CallOutcomeFormValues } from './task-form-schema';

interface CallOutcomeDialogProps {
  lead: LeadDetail['lead'];
  contact: { channel: 'call' | 'text'; phone: string };
  onClose: () => void;
}

const initialValues: CallOutcomeFormValues = { outcome: '', date: '', time: '10:00', markDead: '', note: '' };

/**
 * Asked after Call or Text: how it went. "Not now" asks when to call back (a call task that day),
 * "Appointment set" its date (a meeting task), "Not interested" whether to mark the lead Dead.
 */
export function CallOutcomeDialog({ lead, contact, onClose }: CallOutcomeDialogProps) {
  const log = useLogLeadCall(lead.id);
  const form = useSchemaForm(CallOutcomeFormSchema, initialValues, { showErrors: 'submit' });
  const id = useId();
  const outcome = form.values.outcome;
  const outcomeField = form.field('outcome');
  const dated = outcome === 'not-now' || outcome === 'appointment-set';
  const who = lead.name ?? 'the homeowner';

  return (
    <Modal title={`How did the ${contact.channel} go?`} open onClose={onClose}>
      <form
        noValidate
        onSubmit={form.handleSubmit((values) => {
          const when = dated ? localDateTime(values.date, values.time) : undefined;
          return log
            .mutateAsync({
              channel: contact.channel,
              phone: contact.phone,
              outcome: values.outcome,
              note: values.note,
              ...(values.outcome === 'not-now' && { callBackAt: when }),
              ...(values.outcome === 'appointment-set' && { appointmentAt: when }),
              ...(values.outcome === 'not-interested' && { markDead: values.markDead === 'yes' }),
            })
            .then(
              ({ task }) => {
                notify.success(
                  `${callOutcomeLabels[values.outcome]}: logged on ${who}’s history`,
                  task ? `A ${task.kind} task is on your list for ${formatLeadTime(task.dueAt)}.` : undefined,
                );
                onClose();
              },
              (error: unknown) => {
                const message =
                  error instanceof ApiError && error.status < 500
                    ? error.message
                    : 'Could not save how it went. Please try again.';
                form.showError(dated && error instanceof ApiError && error.field ? 'date' : 'outcome', message);
              },
            );
        })}
      >
        <p className="muted">
          {contact.channel === 'call' ? 'Call' : 'Text'} to {contact.phone} · {lead.address}
        </p>
        <fieldset
          className="call-outcomes"
          aria-describedby={outcomeField.error ? `${id}-outcome-error` : undefined}
          aria-invalid={outcomeField.error ? true : undefined}
        >
          <legend>How did it go?</legend>
          {CALL_OUTCOMES.map((choice, index) => (
            <label key={choice} className="call-outcome">
              <input
                type="radio"
                name={`${id}-outcome`}
                value={choice}
                checked={outcome === choice}
                ref={index === 0 ? outcomeField.inputRef : undefined}
                onChange={() => outcomeField.onChange(choice)}
              />
              {callOutcomeLabels[choice]}
            </label>
          ))}
          {outcomeField.error && (
            <p id={`${id}-outcome-error`} className="field-error">
              {outcomeField.error}
            </p>
          )}
        </fieldset>
        {dated && (
          <div className="form-grid">
            <TextField
              id={`${id}-date`}
              label={outcome === 'not-now' ? 'Call back on' : 'Appointment date'}
              type="date"
              {...form.field('date')}
            />
            <TextField
              id={`${id}-time`}
              label={outcome === 'not-now' ? 'Call back at' : 'Appointment time'}
              type="time"
              {...form.field('time')}
            />
          </div>
        )}
        {outcome === 'not-interested' && (
          <label className="call-mark-dead">
            <input
              type="checkbox"
              checked={form.values.markDead === 'yes'}
              onChange={(event) => form.field('markDead').onChange(event.target.checked ? 'yes' : '')}
            />
            Mark this lead Dead
          </label>
        )}
        <TextAreaField id={`${id}-note`} label="Note (optional)" maxLength={2000} {...form.field('note')} />
        <div className="form-actions">
          <button type="button" className="button button-secondary" onClick={onClose}>
            Skip
          </button>
          <button type="submit" className="button button-primary" disabled={form.submitting}>
            {form.submitting ? 'Saving...' : 'Save outcome'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
