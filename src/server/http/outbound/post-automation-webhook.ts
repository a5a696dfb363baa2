import type { OutboundPolicy } from './outbound-address';
import { OutboundRequestError, safeFetch } from './safe-fetch';
import { upstreamMessageOf, UpstreamError } from './upstream-error';

/**
 * §7: POSTs a payload (an export, an offer) as JSON to an automation webhook; a non-ok answer,
 * a timeout or a network failure is an UpstreamError.
 *
 * `policy` is set for an address a user typed in: it is held to the policy at every connection
 * and redirect (safeFetch), and the user is told only 'answered <status>' or 'could not be
 * reached', never the answer's text or a network error code (an internal host's words, or a port
 * scanner's oracle); the details go to the server log as the error's cause. An operator's own
 * webhook (policy null) is trusted, and its answer's message is quoted.
 */
export async function postAutomationWebhook(
  service: string,
  url: string,
  payload: unknown,
  policy: OutboundPolicy | null = null,
): Promise<void> {
  let answer;
  try {
    answer = await safeFetch(
      url,
      { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(payload) },
      { policy },
    );
  } catch (error) {
    if (!(error instanceof OutboundRequestError)) throw error;
    if (policy) throw new UpstreamError(service, `${service} could not be reached`, undefined, error);
    throw new UpstreamError(service, `${service} ${error.what}`, undefined, error);
  }
  if (answer.ok) return;
  if (policy) {
    const body = new Error(`answer: ${JSON.stringify(answer.text.slice(0, 200))}`);
    throw new UpstreamError(service, `${service} answered ${answer.status}`, answer.status, body);
  }
  const message = upstreamMessageOf(answer.text);
  throw new UpstreamError(
    service,
    `${service} answered ${answer.status}${message ? `: ${message}` : ''}`,
    answer.status,
  );
}
