import { useState } from 'react';
import { LEAD_STATUSES, leadStatusLabels } from '#domain/leads/lead-status.ts';
import { ApiError } from '#web/api/api-client.ts';
import { useMayWorkLead } from '#web/api/use-workspace.ts';
import { notify } from '#web/components/notify.ts';
import { ClosingTermsDialog, ContractTermsDialog } from './deal-terms-dialog';
import { describeLeadEvent, eventAuthor, formatLeadTime } from './lead-labels';
import { useChangeLeadStatus, type LeadDetail, type LeadEvent } from './leads-api';

interface LeadStatusPipelineProps {
  lead: LeadDetail['lead'];
  /** The lead's status changes, oldest first. */
  changes: LeadEvent[];
}

/**
 * The lead's place in the pipeline (New → Contacted → Negotiating → Under Contract → Closed, or
 * Dead) as a row of toggle buttons, the current one pressed; pressing another moves the lead
 * there (shown only to a member whose role may move this lead: the server refuses the others); Under
 * Contract first asks for the contract terms and Closed for what was received. Below, every change
 * with its time.
 */
export function LeadStatusPipeline({ lead, changes }: LeadStatusPipelineProps) {
  const { status, createdAt } = lead;
  const change = useChangeLeadStatus(lead.id);
  const mayMove = useMayWorkLead(status);
  const [asking, setAsking] = useState<'under-contract' | 'closed' | null>(null);
  return (
    <section className="card lead-status-card" aria-labelledby="lead-status-title">
      <h2 id="lead-status-title" className="card-title">
        Status
      </h2>
      {mayMove && (
        <div className="lead-pipeline" role="group" aria-label="Pipeline status" aria-busy={change.isPending}>
          {LEAD_STATUSES.map((step) => (
            <button
              key={step}
              type="button"
              className={`lead-pipeline-step lead-pipeline-step-${step}`}
              aria-pressed={step === status}
              // Not `disabled` while a change is saved: that would take the focus from the button just pressed.
              aria-disabled={change.isPending}
              onClick={() => {
                if (step === status || change.isPending) return;
                if (step === 'under-contract' || step === 'closed') return setAsking(step);
                change.mutate(
                  { status: step },
                  {
                    onSuccess: () => notify.success(`Moved to ${leadStatusLabels[step]}`),
                    onError: (error) =>
                      notify.error(
                        error instanceof ApiError ? error.message : 'Could not change the status. Please try again.',
                      ),
                  },
                );
              }}
            >
              {leadStatusLabels[step]}
            </button>
          ))}
        </div>
      )}
      {asking === 'under-contract' && <ContractTermsDialog lead={lead} onClose={() => setAsking(null)} />}
      {asking === 'closed' && <ClosingTermsDialog lead={lead} onClose={() => setAsking(null)} />}
      <h3 className="lead-subtitle">Status history</h3>
      <ol className="lead-timeline">
        <li>
          <span>New</span>
          <time dateTime={createdAt} className="muted">
            {formatLeadTime(createdAt)}
          </time>
        </li>
        {changes.map((event) => (
          <li key={event.id}>
            <span>{describeLeadEvent(event)}</span>
            {eventAuthor(event) && <span className="muted">{eventAuthor(event)}</span>}
            <time dateTime={event.createdAt} className="muted">
              {formatLeadTime(event.createdAt)}
            </time>
          </li>
        ))}
      </ol>
    </section>
  );
}
