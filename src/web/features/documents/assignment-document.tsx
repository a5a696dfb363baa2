import { useState } from 'react';
import {
  ASSIGNMENT_NOTICE,
  AssignmentClauseSchema,
  MAX_ASSIGNMENT_CLAUSE_LENGTH,
} from '#domain/documents/assignment-of-contract.ts';
import type { LeadStatus } from '#domain/leads/lead-status.ts';
import { CONTRACTED_LEAD_STATUSES } from '#domain/workspaces/roles.ts';
import { serverErrorMessage } from '#web/api/api-client.ts';
import { useMay } from '#web/api/use-workspace.ts';
import { Modal } from '#web/components/modal.tsx';
import { notify } from '#web/components/notify.ts';
import { TextAreaField } from '#web/components/text-area-field.tsx';
import { useSchemaForm } from '#web/components/use-schema-form.ts';
import { useAssignmentClause, useDownloadAssignment, useSaveAssignmentClause } from './documents-api';
import './assignment-document.css';

/**
 * A lead's assignment of contract (issue 39 §8), once it is under contract, for the members who
 * work buyers: "Assignment PDF" downloads it (the server says what is missing, such as a primary
 * buyer, and that stays on screen), and "Assignment wording" edits the workspace's own terms.
 */
export function AssignmentDocument({ lead }: { lead: { id: string; status: LeadStatus } }) {
  const mayDo = useMay();
  const download = useDownloadAssignment();
  const [editing, setEditing] = useState(false);
  if (!CONTRACTED_LEAD_STATUSES.includes(lead.status) || !mayDo('work-buyers')) return null;
  return (
    <section className="card assignment-document" aria-labelledby="assignment-document-title">
      <h2 id="assignment-document-title" className="card-title">
        Assignment of contract
      </h2>
      <p className="muted">
        Drawn from the deal terms and the primary buyer. {ASSIGNMENT_NOTICE} Some states require disclosures or a
        licence to market a contract; this app gives no legal advice.
      </p>
      <div className="assignment-document-actions">
        <button
          type="button"
          className="button button-primary"
          disabled={download.isPending}
          onClick={() => download.mutate(lead.id)}
        >
          {download.isPending ? 'Preparing assignment...' : 'Assignment PDF'}
        </button>
        <button type="button" className="button button-secondary" onClick={() => setEditing(true)}>
          Assignment wording
        </button>
      </div>
      {download.isError && (
        <p role="alert" className="assignment-document-problem">
          {serverErrorMessage(download.error, 'We could not make the assignment. Please try again.')}
        </p>
      )}
      {editing && <AssignmentWordingDialog onClose={() => setEditing(false)} />}
    </section>
  );
}

function AssignmentWordingDialog({ onClose }: { onClose: () => void }) {
  const clause = useAssignmentClause(true);
  return (
    <Modal title="Assignment wording" open onClose={onClose} size="large">
      {clause.isPending ? (
        <p className="loading" role="status">
          Loading the wording...
        </p>
      ) : clause.isError ? (
        <p role="alert">{serverErrorMessage(clause.error, 'We could not load the wording. Please try again.')}</p>
      ) : (
        <AssignmentWordingForm text={clause.data.text} defaultText={clause.data.defaultText} onClose={onClose} />
      )}
    </Modal>
  );
}

function AssignmentWordingForm({
  text,
  defaultText,
  onClose,
}: {
  text: string;
  defaultText: string;
  onClose: () => void;
}) {
  const save = useSaveAssignmentClause();
  const form = useSchemaForm(AssignmentClauseSchema, { text });
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((clause) =>
        save.mutateAsync(clause).then(
          () => {
            notify.success(clause.text ? 'Assignment wording saved' : 'The default wording is used again');
            onClose();
          },
          (error: unknown) =>
            form.showError('text', serverErrorMessage(error, 'We could not save the wording. Please try again.')),
        ),
      )}
    >
      <p>
        Wording by state is yours to give: {ASSIGNMENT_NOTICE} Some states require disclosures, or a licence, to market
        or assign a contract. Paste the terms your attorney gives you; they are printed under Terms in every assignment
        of this workspace.
      </p>
      <TextAreaField
        id="assignment-clause"
        label="Your assignment wording (optional)"
        hint={`Up to ${MAX_ASSIGNMENT_CLAUSE_LENGTH.toLocaleString('en-US')} characters, no links. Empty: the default wording below.`}
        rows={8}
        {...form.field('text')}
      />
      <h3 className="assignment-default-title">Default wording</h3>
      <div className="assignment-default-text">
        {defaultText.split('\n\n').map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
      <div className="modal-actions">
        <button type="button" className="button button-secondary" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="button button-primary" disabled={form.submitting}>
          {form.submitting ? 'Saving...' : 'Save wording'}
        </button>
      </div>
    </form>
  );
}
