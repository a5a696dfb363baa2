import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ACCEPT_PAGE_PATH, acceptPageQuery, type AcceptedOffer } from '#domain/leads/accept-page-query.ts';
import { leadFormQuery, leadFormUrl } from '#domain/leads/lead-form-query.ts';
import { usePublicConfig } from '#web/api/public-config.tsx';
import { notify } from '#web/components/notify.ts';
import { submitLead } from './leads-api';

const REDIRECT_FAILED = 'Error redirecting to form. Please try again.';

/** Thrown when the offer fails a redirect check (a numeric range with low <= high, a repair total >= 0; §5); its message is the toast. */
class RedirectRefused extends Error {}

function goTo(url: string) {
  window.location.assign(url);
}

/**
 * A homeowner accepts the offer ('Get Offer', §4). With an outside LEAD_FORM_URL: record the
 * lead, then send the browser there with the range and the repair total in the lead form's
 * query (§7). Without one: go to the app's own lead page with the offer in its query; that page
 * records the lead with the homeowner's contact. `isPending` drives 'Redirecting...'; it stays
 * on while the browser leaves.
 */
export function useGetOffer() {
  const { leadFormUrl: outsideFormUrl } = usePublicConfig();
  const navigate = useNavigate();

  return useMutation({
    mutationFn: async (offer: AcceptedOffer) => {
      if (!outsideFormUrl) {
        const page = acceptPageQuery(offer);
        if (!page.ok) throw new RedirectRefused(page.message);
        await navigate(`${ACCEPT_PAGE_PATH}?${new URLSearchParams(page.query).toString()}`);
        return;
      }
      const form = leadFormQuery(offer.offerRange, offer.totalRepairCost);
      if (!form.ok) throw new RedirectRefused(form.message);
      await submitLead({ kind: 'accept', ...offer });
      goTo(leadFormUrl(outsideFormUrl, form.query));
      // The page is going away: stay 'Redirecting...' (no second click, no second lead) until it
      // has, or until it is shown again from the back/forward cache or the navigation stalls.
      await new Promise<void>((resolve) => {
        window.addEventListener('pageshow', () => resolve(), { once: true });
        setTimeout(resolve, 15_000);
      });
    },
    onError: (error) => notify.error(error instanceof RedirectRefused ? error.message : REDIRECT_FAILED),
  });
}
