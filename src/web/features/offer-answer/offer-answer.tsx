import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { HomeownerAnswerMessage } from '#domain/leads/homeowner-answer-message.ts';
import { negotiationThreshold } from '#domain/leads/negotiation-outcome.ts';
import { formatMoney } from '#domain/money/format-money.ts';
import type { OfferRange } from '#domain/offer/compute-offer-range.ts';
import { notify } from '#web/components/notify.ts';
import { contactAnswer, type ContactAnswerKind } from './contact-answer';
import type { ContactValues } from './contact-answer-form';
import { answerErrorMessage, isExpired, useAnswerOffer, type SendAnswer } from './offer-answer-api';

// The forms (and zod, which checks them: a quarter of the page's code) load when the homeowner
// picks an answer, or points at one: the offer itself is read, and its page hydrated, without them.
const loadContactForm = () => import('./contact-answer-form');
const loadProgramForm = () => import('./program-answer-form');
const ContactAnswerFormView = lazy(async () => ({ default: (await loadContactForm()).ContactAnswerFormView }));
const ProgramAnswerFormView = lazy(async () => ({ default: (await loadProgramForm()).ProgramAnswerFormView }));

/** A button that opens a form: pointing at it or reaching it by keyboard starts loading the form. */
const loadsContactForm = { onPointerEnter: () => void loadContactForm(), onFocus: () => void loadContactForm() };

/** Back from a form, the focus returns to the button that opened it (a ref set on that button alone). */
const focusOnMount = (element: HTMLElement | null) => element?.focus();

const loadingForm = (
  <p className="loading" role="status">
    Loading...
  </p>
);

export interface AnswerableOffer {
  address: string;
  /** Null when the wholesaler does not show it to homeowners: the answer then names no figure from it. */
  marketValue: number | null;
  offerRange: OfferRange;
}

interface OfferAnswerProps {
  offer: AnswerableOffer;
  wholesalerName: string;
  expired: boolean;
  /** Whom an e-mailed offer went to: it prefills the forms. */
  recipient?: { name: string | null; email: string | null } | null;
  /** The form to open first: an e-mail's Accept Offer or Negotiate button. */
  intent?: 'accept' | 'negotiate' | null;
  /** Delivers one answer to the wholesaler; resolves to what the homeowner is told. */
  send: SendAnswer;
}

type Step = 'choose' | ContactAnswerKind | 'program' | 'done';

const SUBMIT_FAILED = 'Failed to submit form. Please try again.';

/**
 * The homeowner's answer to a wholesaler's offer: Get Offer (accept), Negotiate (a price), or,
 * once the offer has expired, a request for a new one; after a counter above 82 % of market
 * value, the MLS/Retail programme form. Every answer goes to the wholesaler, and the homeowner
 * is told exactly that, never that anything was accepted.
 */
export function OfferAnswer({ offer, wholesalerName, expired, recipient, intent, send }: OfferAnswerProps) {
  const [step, setStep] = useState<Step>(() => {
    if (expired || !intent) return 'choose';
    return intent === 'accept' ? 'accept' : 'counter';
  });
  const [expiredNow, setExpiredNow] = useState(expired);
  const [contact, setContact] = useState<ContactValues>({
    name: recipient?.name ?? '',
    email: recipient?.email ?? '',
    phone: '',
  });
  const [desiredPrice, setDesiredPrice] = useState<number>();
  const [told, setTold] = useState<HomeownerAnswerMessage>();
  const [backFrom, setBackFrom] = useState<ContactAnswerKind>();

  const answer = useAnswerOffer(send, {
    onSuccess: ({ answer: sent, told: message }) => {
      setTold(message);
      if (sent.kind === 'program') setDesiredPrice(undefined);
      setStep('done');
    },
    onError: (error) => {
      if (isExpired(error)) {
        setExpiredNow(true);
        setStep('choose');
      }
      notify.error(answerErrorMessage(error, SUBMIT_FAILED));
    },
  });

  if (step === 'accept' || step === 'counter' || step === 'new-offer') {
    return (
      <Suspense fallback={loadingForm}>
        <ContactAnswerFormView
          kind={step}
          wholesalerName={wholesalerName}
          offerRange={offer.offerRange}
          initialContact={contact}
          submitting={answer.isPending}
          onBack={() => {
            setBackFrom(step);
            setStep('choose');
          }}
          onSubmit={({ message, ...typed }, price) => {
            setContact(typed);
            setDesiredPrice(price);
            answer.mutate(contactAnswer(step, { ...typed, message }, price));
          }}
        />
      </Suspense>
    );
  }
  if (step === 'program') {
    return (
      <Suspense fallback={loadingForm}>
        <ProgramAnswerFormView
          wholesalerName={wholesalerName}
          address={offer.address}
          initialContact={contact}
          submitting={answer.isPending}
          onBack={() => setStep('done')}
          onSubmit={(program) => answer.mutate({ kind: 'program', ...program, desiredPrice })}
        />
      </Suspense>
    );
  }
  if (step === 'done' && told) {
    return (
      <AnswerSent
        told={told}
        marketValue={offer.marketValue}
        desiredPrice={desiredPrice}
        onShowProgram={() => setStep('program')}
      />
    );
  }
  if (expiredNow) {
    return (
      <div className="offer-answer">
        <p className="offer-expired" role="status">
          This offer has expired. You can ask for a new one.
        </p>
        <div className="offer-actions">
          <button
            type="button"
            className="button button-primary"
            ref={backFrom === 'new-offer' ? focusOnMount : undefined}
            {...loadsContactForm}
            onClick={() => setStep('new-offer')}
          >
            Ask for a new offer
          </button>
        </div>
      </div>
    );
  }
  return (
    <div className="offer-answer">
      <p className="muted">Accept this offer or name your price: {wholesalerName} receives your answer.</p>
      <div className="offer-actions">
        <button
          type="button"
          className="button button-secondary"
          ref={backFrom === 'counter' ? focusOnMount : undefined}
          {...loadsContactForm}
          onClick={() => setStep('counter')}
        >
          Negotiate
        </button>
        <button
          type="button"
          className="button button-primary"
          ref={backFrom === 'accept' ? focusOnMount : undefined}
          {...loadsContactForm}
          onClick={() => setStep('accept')}
        >
          Get Offer
        </button>
      </div>
    </div>
  );
}

interface AnswerSentProps {
  told: HomeownerAnswerMessage;
  marketValue: number | null;
  desiredPrice: number | undefined;
  onShowProgram: () => void;
}

/** What happened to the answer and what comes next; after a high counter, the way to the programme. */
function AnswerSent({ told, marketValue, desiredPrice, onShowProgram }: AnswerSentProps) {
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => titleRef.current?.focus(), [told]);

  return (
    <div className="offer-answer offer-answer-sent" role="status">
      <h2 className="card-title" tabIndex={-1} ref={titleRef}>
        {told.title}
      </h2>
      <p>{told.message}</p>
      {told.outcome === 'needs-program-info' && desiredPrice !== undefined && (
        <div className="offer-program">
          <h3>Consider the MLS/Retail Program</h3>
          {marketValue === null ? (
            <p>
              A cash offer goes up to about 82% of the market value. To get closer to the full market value, the
              MLS/Retail Program lists your home on the MLS, where retail buyers with financing can compete for it.
            </p>
          ) : (
            <p>
              A cash offer goes up to about 82% of the market value, or {formatMoney(negotiationThreshold(marketValue))}{' '}
              here. To get closer to the full market value of {formatMoney(marketValue)}, the MLS/Retail Program lists
              your home on the MLS, where retail buyers with financing can compete for it.
            </p>
          )}
          <button type="button" className="button button-primary" onClick={onShowProgram}>
            Continue to Program Details
          </button>
        </div>
      )}
    </div>
  );
}
