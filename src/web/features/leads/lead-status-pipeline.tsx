import { LEAD_STATUSES, leadStatusLabels, type LeadStatus } from '#domain/leads/lead-status.ts';
import { ApiError } from '#web/api/api-client.ts';
import { useMayWorkLead } from '#web/api/use-workspace.ts';
import { notify } from '#web/components/notify.ts';
import { describeLeadEvent, eventAuthor, formatLeadTime } from './lead-labels';
import { useChangeLeadStatus, type LeadEvent } from './leads-api';

interface LeadStatusPipelineProps {
  leadId: string;
  status: LeadStatus;
  createdAt: string;
  /** The lead's status changes, oldest first. */
  changes: LeadEvent[];
}

/**
 * The lead's place in the pipeline (New → Contacted → Negotiating → Under Contract → Closed, or
 * Dead) as a row of toggle buttons, the current one pressed; pressing another moves the lead
 * there (shown only to a member whose role may move this lead: the server refuses the others). Below,
 * every change with its time.
 */
export function LeadStatusPipeline({ leadId, status, createdAt, changes }: LeadStatusPipelineProps) {
  const change = useChangeLeadStatus(leadId);
  const mayMove = useMayWorkLead(status);
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
                change.mutate(step, {
                  onSuccess: () => notify.success(`Moved to ${leadStatusLabels[step]}`),
                  onError: (error) =>
                    notify.error(
                      error instanceof ApiError ? error.message : 'Could not change the status. Please try again.',
                    ),
                });
              }}
            >
              {leadStatusLabels[step]}
            </button>
          ))}
        </div>
      )}
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
