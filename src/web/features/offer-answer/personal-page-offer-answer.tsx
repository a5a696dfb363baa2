import { useRef } from 'react';
import type { CalculatedOffer } from '../../../domain/offer/calculated-offer';
import { answerOffer, createPersonalPageOffer } from './offer-answer-api';
import { OfferAnswer } from './offer-answer';

interface PersonalPageOfferAnswerProps {
  handle: string;
  wholesalerName: string;
  offer: CalculatedOffer;
}

const offerKeys = new WeakMap<CalculatedOffer, number>();
let lastOfferKey = 0;

/** One key per calculated offer (the calculator keeps an offer's object until it recalculates). */
function keyOf(offer: CalculatedOffer): number {
  let key = offerKeys.get(offer);
  if (key === undefined) offerKeys.set(offer, (key = ++lastOfferKey));
  return key;
}

/**
 * The answer to an offer calculated on `/c/{handle}`: the first answer makes the offer a link of
 * that wholesaler; every answer to this calculation then goes through that one link, so the
 * wholesaler sees one lead with its history. A new calculation starts afresh.
 */
export function PersonalPageOfferAnswer(props: PersonalPageOfferAnswerProps) {
  return <AnswerToCalculation key={keyOf(props.offer)} {...props} />;
}

function AnswerToCalculation({ handle, wholesalerName, offer }: PersonalPageOfferAnswerProps) {
  const token = useRef<Promise<string>>(null);
  const { address, marketValue, repairs } = offer.input;

  const linkToken = () => {
    token.current ??= createPersonalPageOffer(handle, { address, marketValue, repairs }).then((link) => link.token);
    // A failed attempt is not kept: the next answer tries again.
    token.current.catch(() => (token.current = null));
    return token.current;
  };

  return (
    <OfferAnswer
      offer={{ address, marketValue, offerRange: offer.offerRange }}
      wholesalerName={wholesalerName}
      expired={false}
      send={async (answer) => answerOffer(await linkToken(), answer)}
    />
  );
}
