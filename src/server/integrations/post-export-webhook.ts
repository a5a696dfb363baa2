import { fetchUpstream, upstreamFailure } from './upstream';

/** §7: POSTs a payload (an export, an offer) as JSON to an automation webhook; a non-ok answer is an UpstreamError carrying the body's message. */
export async function postExportWebhook(service: string, url: string, payload: unknown): Promise<void> {
  const response = await fetchUpstream(service, url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(payload),
  });
  if (!response.ok) throw await upstreamFailure(service, response);
  await response.body?.cancel().catch(() => {});
}
