import { useRef, useState } from 'react';
import type { CalculatedOffer } from '#domain/offer/calculated-offer.ts';
import { OfferAnswer } from './offer-answer';
import { answerOffer, createPersonalPageOffer } from './offer-answer-api';

interface PersonalPageOfferAnswerProps {
  handle: string;
  wholesalerName: string;
  offer: CalculatedOffer;
}

/**
 * The answer to an offer calculated on `/c/{handle}`: the first answer makes the offer a link of
 * that wholesaler; every answer to this calculation then goes through that one link, so the
 * wholesaler sees one lead with its history. A new calculation starts afresh.
 */
export function PersonalPageOfferAnswer(props: PersonalPageOfferAnswerProps) {
  // One key per calculated offer (the calculator keeps an offer's object until it recalculates),
  // changed while rendering so that no render shows a new offer with the last one's answer.
  const [answering, setAnswering] = useState({ offer: props.offer, key: 0 });
  if (answering.offer !== props.offer) setAnswering({ offer: props.offer, key: answering.key + 1 });
  return <AnswerToCalculation key={answering.key} {...props} />;
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
