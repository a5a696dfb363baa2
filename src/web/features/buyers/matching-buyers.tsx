import { useState } from 'react';
import { Link } from 'react-router';
import { FIRST_LOOK_HOURS } from '#domain/deals/buyer-listing.ts';
import { formatMoney } from '#domain/money/format-money.ts';
import { ApiError, serverErrorMessage } from '#web/api/api-client.ts';
import { useMay } from '#web/api/use-workspace.ts';
import { Modal } from '#web/components/modal.tsx';
import { notify } from '#web/components/notify.ts';
import { useDealSending, useMatchingBuyers, useSendDeal, type SendDealAnswer } from './buyers-api';
import { BuyerListingForm, DealSent } from './deal-sending';
import './buyers.css';

const buyersCount = (count: number) => `${count} ${count === 1 ? 'buyer' : 'buyers'}`;

/** What a send did, in one sentence: how many were sent (now or after the first look) and why the others were not. */
function sendSummary({ sent, refused }: SendDealAnswer) {
  const now = sent.filter((buyer) => buyer.firstLook).length;
  const parts = [
    sent.length === 0
      ? 'No e-mail was sent.'
      : `Deal sent to ${buyersCount(sent.length)}` +
        (now > 0 && now < sent.length
          ? ` (${now} proven at once, the rest after their ${FIRST_LOOK_HOURS}-hour first look).`
          : '.'),
    ...refused.map((buyer) => `${buyer.message}.`),
  ];
  return parts.join(' ');
}

/**
 * A lead's "Matching buyers" (issue 39): once it is under contract, the workspace's buyers whose
 * box fits the deal, best first, each with its score and why; nothing for a member who may not see
 * the buyers (an Acquisitions member the Owner has not shared them with).
 */
export function MatchingBuyers({ lead }: { lead: { id: string; status: string } }) {
  const contracted = lead.status === 'under-contract' || lead.status === 'closed';
  const query = useMatchingBuyers(lead.id, contracted);
  const sending = useDealSending(lead.id, contracted);
  const works = useMay()('work-buyers');
  const send = useSendDeal();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const [outcome, setOutcome] = useState<string | null>(null);
  if (!contracted) return null;
  if (query.error instanceof ApiError && query.error.status === 403) return null;
  const choose = (buyerId: string, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(buyerId);
      else next.delete(buyerId);
      return next;
    });
  const sendChosen = () =>
    send.mutate(
      { leadId: lead.id, buyerIds: [...chosen] },
      {
        onSuccess: (answer) => {
          setConfirming(false);
          setChosen(new Set());
          setOutcome(sendSummary(answer));
        },
        onError: (error) => {
          setConfirming(false);
          notify.error(serverErrorMessage(error, 'We could not send the deal. Please try again.'));
        },
      },
    );
  return (
    <section className="card matching-buyers" aria-labelledby="matching-buyers-title">
      <h2 id="matching-buyers-title">Matching buyers</h2>
      {query.isPending ? (
        <p className="loading" role="status">
          Finding buyers...
        </p>
      ) : query.isError ? (
        <p role="alert">We could not match buyers to this deal. Please try again later.</p>
      ) : (
        <>
          <p className="muted">
            {query.data.deal.price === null
              ? 'No contract price or offer yet: price ranges are not checked.'
              : query.data.deal.priceSource === 'contract'
                ? `Matched at the contract price, ${formatMoney(query.data.deal.price)}.`
                : `No contract price yet: matched at the offer's high end, ${formatMoney(query.data.deal.price)}.`}{' '}
            Buyers who offered on your deals, or bought one, rank higher.
          </p>
          {query.data.matches.length === 0 ? (
            <p role="status">
              No buyer fits this deal. <Link to="/buyers">Add or import buyers</Link>.
            </p>
          ) : (
            <>
              <p role="status">
                {query.data.matched} {query.data.matched === 1 ? 'buyer fits' : 'buyers fit'} this deal
                {query.data.matched > query.data.matches.length && `; the best ${query.data.matches.length} are listed`}
                .
              </p>
              <ol className="matching-buyers-list">
                {query.data.matches.map((match) => (
                  <li key={match.buyerId} className="matching-buyer">
                    <div className="matching-buyer-head">
                      <h3 className="matching-buyer-name">
                        {works ? (
                          <label className="matching-buyer-choose">
                            <input
                              type="checkbox"
                              checked={chosen.has(match.buyerId)}
                              onChange={(event) => choose(match.buyerId, event.target.checked)}
                            />{' '}
                            {match.name}
                          </label>
                        ) : (
                          match.name
                        )}
                        {match.company && <span className="muted"> · {match.company}</span>}
                      </h3>
                      <span className="matching-buyer-score">Score {match.score}</span>
                    </div>
                    <p className="muted matching-buyer-contact">
                      {[match.email, match.phone].filter(Boolean).join(' · ')}
                    </p>
                    <ul className="matching-buyer-reasons" aria-label={`Why ${match.name} scored ${match.score}`}>
                      {match.reasons
                        .filter((reason) => reason.max > 0)
                        .map((reason) => (
                          <li key={reason.criterion}>
                            <span className="matching-buyer-points">
                              {reason.points}/{reason.max}
                            </span>{' '}
                            {reason.text}
                          </li>
                        ))}
                    </ul>
                  </li>
                ))}
              </ol>
              {works && (
                <div className="deal-send">
                  <button
                    type="button"
                    className="button button-primary"
                    disabled={chosen.size === 0 || send.isPending}
                    onClick={() => {
                      setOutcome(null);
                      setConfirming(true);
                    }}
                  >
                    Send deal
                  </button>
                  <p className="muted">
                    {chosen.size === 0
                      ? 'Tick the buyers to send this deal to.'
                      : `${buyersCount(chosen.size)} chosen.`}{' '}
                    Proven buyers (a past deal sold to them) get a first look: once one is sent it, the others&apos;
                    e-mails wait {FIRST_LOOK_HOURS} hours.
                  </p>
                </div>
              )}
            </>
          )}
          <p role="status" className="deal-send-outcome">
            {outcome}
          </p>
          {sending.data && (
            <>
              <DealSent sending={sending.data} />
              {works && <BuyerListingForm leadId={lead.id} listing={sending.data.listing} />}
            </>
          )}
        </>
      )}
      <Modal
        title="Send this deal?"
        open={confirming}
        onClose={() => setConfirming(false)}
        footer={
          <>
            <button type="button" className="button button-secondary" onClick={() => setConfirming(false)}>
              Cancel
            </button>
            <button type="button" className="button button-primary" disabled={send.isPending} onClick={sendChosen}>
              {send.isPending ? 'Sending...' : `Send to ${buyersCount(chosen.size)}`}
            </button>
          </>
        }
      >
        <p>
          {chosen.size === 1 ? 'The buyer gets' : `Each of the ${buyersCount(chosen.size)} gets`} one e-mail with their
          own link to this deal&apos;s page, valid 30 days. A buyer already sent this deal is not sent it again.
        </p>
      </Modal>
    </section>
  );
}
