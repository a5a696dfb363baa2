import { useMutation } from '@tanstack/react-query';
import { apiErrorFrom } from '#web/api/api-client.ts';

/** What POST /api/mail/print-runs and /api/mail/lob/sends answer: the send, its pieces, the rows skipped and why. */
export interface StartedMailSend {
  sendId: string;
  pieces: number;
  properties: number;
  skipped: { index: number; reason: string }[];
}

/** Posts a mail send's body (JSON, built by the import worker off the main thread). */
async function postMailSend(path: string, body: Blob): Promise<StartedMailSend> {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    credentials: 'same-origin',
    body,
  });
  if (!response.ok) throw await apiErrorFrom(response);
  return (await response.json()) as StartedMailSend;
}

/** "Print them yourself": the selected rows become a send whose letters PDF and mail-house CSV can be downloaded. */
export function useStartPrintRun() {
  return useMutation({ mutationFn: (body: Blob) => postMailSend('/api/mail/print-runs', body) });
}

/** "Mail with Lob": the selected rows are verified and quoted; nothing is mailed until the send is confirmed. */
export function useStartLobSend() {
  return useMutation({ mutationFn: (body: Blob) => postMailSend('/api/mail/lob/sends', body) });
}

export const printRunDownloads = (sendId: string) => ({
  letters: `/api/mail/print-runs/${sendId}/letters.pdf`,
  mailHouse: `/api/mail/print-runs/${sendId}/mail-house.csv`,
});
