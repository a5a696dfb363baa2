import { LeadNoteSchema, MAX_LEAD_NOTE_LENGTH } from '#domain/leads/lead-inbox-requests.ts';
import type { LeadStatus } from '#domain/leads/lead-status.ts';
import { ApiError } from '#web/api/api-client.ts';
import { useMayWorkLead } from '#web/api/use-workspace.ts';
import { notify } from '#web/components/notify.ts';
import { TextAreaField } from '#web/components/text-area-field.tsx';
import { useSchemaForm } from '#web/components/use-schema-form.ts';
import { eventAuthor, formatLeadTime } from './lead-labels';
import { useAddLeadNote, type LeadEvent } from './leads-api';

/**
 * The wholesaler's free-text notes on a lead, newest first, each with its time, and a form to add
 * one for a member whose role may work the lead at its `status`.
 */
export function LeadNotes({ leadId, status, notes }: { leadId: string; status: LeadStatus; notes: LeadEvent[] }) {
  const addNote = useAddLeadNote(leadId);
  const mayAdd = useMayWorkLead(status);
  // An empty note is only an error once the user tries to add it, not when they pass the field.
  const form = useSchemaForm(LeadNoteSchema, { text: '' }, { showErrors: 'submit' });

  return (
    <section className="card" aria-labelledby="lead-notes-title">
      <h2 id="lead-notes-title" className="card-title">
        Notes
      </h2>
      {notes.length === 0 ? (
        <p className="muted">No notes yet.</p>
      ) : (
        <ul className="lead-notes">
          {[...notes].reverse().map((note) => (
            <li key={note.id}>
              <p className="lead-note-text">{note.text}</p>
              <time dateTime={note.createdAt} className="muted">
                {formatLeadTime(note.createdAt)}
              </time>
              {note.actor && <span className="muted"> {eventAuthor(note)}</span>}
            </li>
          ))}
        </ul>
      )}
      {mayAdd && (
        <form
          noValidate
          className="lead-note-form"
          onSubmit={form.handleSubmit(({ text }) =>
            addNote.mutateAsync(text).then(
              () => {
                notify.success('Note added');
                form.reset();
              },
              (error: unknown) => {
                // 400: the note itself; 409: the lead holds all the notes it can.
                if (error instanceof ApiError && (error.status === 400 || error.status === 409)) {
                  form.showError('text', error.message);
                } else notify.error('Could not add the note. Please try again.');
              },
            ),
          )}
        >
          <TextAreaField id="lead-note" label="Add a note" maxLength={MAX_LEAD_NOTE_LENGTH} {...form.field('text')} />
          <div className="form-actions">
            <button type="submit" className="button button-primary" disabled={form.submitting}>
              {form.submitting ? 'Adding...' : 'Add note'}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
