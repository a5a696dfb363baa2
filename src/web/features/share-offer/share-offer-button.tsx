import { lazy, Suspense, useRef, useState } from 'react';
import { formatMoney } from '#domain/money/format-money.ts';
import { offerValidityText } from '#domain/offer/offer-validity.ts';
import type { ShareOfferRequest } from '#domain/offer/share-offer-request.ts';
import { ApiError } from '#web/api/api-client.ts';
import { useMay } from '#web/api/use-workspace.ts';
import { Modal } from '#web/components/modal.tsx';
import { notify } from '#web/components/notify.ts';
import { useShareOffer, type SharedOffer } from './share-offer-api';

// The follow-up form (and zod, which checks it) loads once an offer has been shared, not with
// every page that shows a Share button (each saved property's card).
const ShareFollowUpForm = lazy(async () => ({ default: (await import('./share-follow-up-form')).ShareFollowUpForm }));

const SHARE_FAILED = 'Failed to create the link. Please try again.';

/**
 * 'Share offer': makes an answerable link to this offer (a calculation or a saved property) and
 * shows it to copy, with what the homeowner will see. Each press makes a new link.
 */
function ShareOfferButtonControl({
  request,
  className = 'button button-secondary',
  labelSuffix,
}: {
  request: ShareOfferRequest;
  className?: string;
  /** Heard after 'Share offer' where several offers are listed ('for 12 Oak St'). */
  labelSuffix?: string;
}) {
  const [shared, setShared] = useState<SharedOffer | null>(null);
  const share = useShareOffer({
    onSuccess: setShared,
    onError: (error) => notify.error(error instanceof ApiError && error.status < 500 ? error.message : SHARE_FAILED),
  });

  return (
    <>
      {/* Not disabled while the link is made: the button keeps the focus, which the dialog gives back to it. */}
      <button
        type="button"
        className={className}
        aria-disabled={share.isPending}
        onClick={() => {
          if (!share.isPending) share.mutate(request);
        }}
      >
        {share.isPending ? (
          'Creating link...'
        ) : (
          <>Share offer{labelSuffix && <span className="visually-hidden"> {labelSuffix}</span>}</>
        )}
      </button>
      <Modal title="Share offer" open={shared !== null} onClose={() => setShared(null)}>
        {shared && <SharedOfferLink shared={shared} />}
      </Modal>
    </>
  );
}

function SharedOfferLink({ shared }: { shared: SharedOffer }) {
  const field = useRef<HTMLInputElement>(null);
  const [copyFailed, setCopyFailed] = useState(false);
  const { offer } = shared;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(shared.url);
      setCopyFailed(false);
      notify.success('Link copied');
    } catch {
      // No clipboard access (an insecure page, a refused permission): select it for the keyboard.
      setCopyFailed(true);
      field.current?.focus();
      field.current?.select();
    }
  };

  return (
    <div className="share-offer">
      <p>Send this link to the homeowner. It opens this offer, which they can accept or answer with their price.</p>
      <div className="field">
        <label htmlFor="share-offer-url">Offer link</label>
        <div className="share-offer-copy">
          <input
            id="share-offer-url"
            ref={field}
            readOnly
            value={shared.url}
            onFocus={(event) => event.currentTarget.select()}
            aria-describedby={copyFailed ? 'share-offer-copy-hint' : undefined}
          />
          <button type="button" className="button button-primary" onClick={() => void copy()}>
            Copy link
          </button>
        </div>
        {copyFailed && (
          <p id="share-offer-copy-hint" className="field-hint" role="status">
            Press Ctrl+C to copy
          </p>
        )}
      </div>
      <dl className="offer-facts">
        <div>
          <dt>Property</dt>
          <dd>{offer.address}</dd>
        </div>
        <div>
          <dt>Offer</dt>
          <dd>
            {formatMoney(offer.offerRange.low)} – {formatMoney(offer.offerRange.high)}
          </dd>
        </div>
      </dl>
      <p className="muted">{offerValidityText(new Date(shared.expiresAt))}</p>
      <Suspense fallback={<p className="muted">Loading...</p>}>
        <ShareFollowUpForm url={shared.url} />
      </Suspense>
    </div>
  );
}

/** Shown only to members whose role shares offers ('work-deals'); the server refuses the others. */
export function ShareOfferButton(props: { request: ShareOfferRequest; className?: string; labelSuffix?: string }) {
  return useMay()('work-deals') ? <ShareOfferButtonControl {...props} /> : null;
}
