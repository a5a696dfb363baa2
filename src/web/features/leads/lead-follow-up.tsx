import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { followUpSequenceKindLabels, statusesToStartFollowUp } from '#domain/follow-ups/sequence-kinds.ts';
import {
  FOLLOW_UP_SEQUENCE_KINDS,
  followUpStopMessages,
  type FollowUpSequenceKind,
} from '#domain/follow-ups/sequence.ts';
import { ApiError, serverErrorMessage } from '#web/api/api-client.ts';
import { notify } from '#web/components/notify.ts';
import { formatLeadTime } from './lead-labels';
import { usePauseLeadFollowUp, useStartLeadFollowUp, type LeadDetail } from './leads-api';

const FAILED = 'Something went wrong. Please try again.';

const startLabels: Record<Exclude<FollowUpSequenceKind, 'first-offer'>, string> = {
  nurture: 'Start nurture',
  'dead-quarterly': 'Start quarterly follow-ups',
};

/**
 * The lead's follow-up sequence: which one, its next touch and why, or how it ended; members who
 * work deals start one of the kinds its status allows (the first offer's while New, a nurture short
 * of a contract, the quarterly one once Dead: asked first when the homeowner has one running) and
 * pause it.
 */
export function LeadFollowUp({
  lead,
  followUp,
  worksDeals,
}: {
  lead: LeadDetail['lead'];
  followUp: LeadDetail['followUp'];
  worksDeals: boolean;
}) {
  const start = useStartLeadFollowUp(lead.id);
  const pause = usePauseLeadFollowUp(lead.id);
  const [askingToReplace, setAskingToReplace] = useState(false);
  const startable = FOLLOW_UP_SEQUENCE_KINDS.filter((kind) => statusesToStartFollowUp[kind].includes(lead.status));
  const [chosen, setChosen] = useState<FollowUpSequenceKind | null>(null);
  const kind = chosen && startable.includes(chosen) ? chosen : startable[0];
  const sequenceSelect = useId();
  const replaceQuestion = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (askingToReplace) replaceQuestion.current?.focus();
  }, [askingToReplace]);

  const startSequence = (replace: boolean) => {
    if (!kind) return;
    start.mutate(
      { replace, sequence: kind },
      {
        onSuccess: () => {
          setAskingToReplace(false);
          notify.success('Follow-ups started');
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'follow-up-active') setAskingToReplace(true);
          else notify.error(serverErrorMessage(error, FAILED));
        },
      },
    );
  };

  const running = followUp?.status === 'active';
  const mayStart = worksDeals && !running && kind !== undefined && lead.email !== null;

  return (
    <section className="card" aria-labelledby="lead-follow-up-title">
      <h2 id="lead-follow-up-title" className="card-title">
        Follow-ups
      </h2>
      {followUp === null ? (
        <p className="muted">
          No follow-ups yet. The built-in sequence e-mails on days 2, 12 and 30 and asks for a call on day 5, and stops
          the moment the homeowner answers. A nurture keeps in touch for a year with a fresh offer every few weeks; a
          Dead lead can get one once a quarter.
        </p>
      ) : running && followUp.next ? (
        <p>
          {followUp.kind !== 'first-offer' && <strong>{followUp.name}. </strong>}
          <strong>Next touch:</strong> {followUp.next.label} on{' '}
          <time dateTime={followUp.next.dueAt}>{formatLeadTime(followUp.next.dueAt)}</time>{' '}
          <span className="muted">
            (day {followUp.next.day}: the homeowner has not answered, unsubscribed or replied yet)
          </span>
        </p>
      ) : followUp.status === 'finished' ? (
        <p>Follow-ups finished: every step is done.</p>
      ) : (
        <p>
          Follow-ups stopped: {followUpStopMessages[followUp.stopReason ?? 'paused']}
          {followUp.stoppedAt && (
            <>
              {' '}
              <span className="muted">
                (<time dateTime={followUp.stoppedAt}>{formatLeadTime(followUp.stoppedAt)}</time>)
              </span>
            </>
          )}
          .
        </p>
      )}
      {worksDeals && (
        <div className="lead-actions">
          {running ? (
            <button
              type="button"
              className="button button-secondary"
              disabled={pause.isPending}
              onClick={() =>
                pause.mutate(undefined, {
                  onSuccess: () => notify.success('Follow-ups paused'),
                  onError: (error) => notify.error(serverErrorMessage(error, FAILED)),
                })
              }
            >
              {pause.isPending ? 'Pausing...' : 'Pause follow-ups'}
            </button>
          ) : mayStart ? (
            <>
              {startable.length > 1 && (
                <span className="lead-follow-up-kind">
                  <label htmlFor={sequenceSelect}>Sequence</label>
                  <select
                    id={sequenceSelect}
                    value={kind}
                    onChange={(event) => setChosen(event.target.value as FollowUpSequenceKind)}
                  >
                    {startable.map((option) => (
                      <option key={option} value={option}>
                        {followUpSequenceKindLabels[option]}
                      </option>
                    ))}
                  </select>
                </span>
              )}
              <button
                type="button"
                className="button button-secondary"
                disabled={start.isPending}
                onClick={() => startSequence(false)}
              >
                {start.isPending
                  ? 'Starting...'
                  : kind === 'first-offer'
                    ? followUp
                      ? 'Start follow-ups again'
                      : 'Start follow-ups'
                    : startLabels[kind!]}
              </button>
            </>
          ) : kind === undefined ? (
            <p className="muted">Follow-ups stop once a lead is Under Contract or Closed.</p>
          ) : lead.email === null ? (
            <p className="muted">This lead has no e-mail address to follow up by.</p>
          ) : null}
          <Link to="/follow-ups">Today’s follow-ups</Link>
        </div>
      )}
      {askingToReplace && (
        <div className="lead-follow-up-replace" role="group" aria-labelledby="lead-follow-up-replace-question">
          <p id="lead-follow-up-replace-question" ref={replaceQuestion} tabIndex={-1}>
            This homeowner already has an active follow-up sequence. Replace it?
          </p>
          <div className="lead-actions">
            <button
              type="button"
              className="button button-primary"
              disabled={start.isPending}
              onClick={() => startSequence(true)}
            >
              Replace it
            </button>
            <button type="button" className="button button-secondary" onClick={() => setAskingToReplace(false)}>
              Keep the running one
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
