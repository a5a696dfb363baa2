import { useMutation } from '@tanstack/react-query';
import type { ExportSource } from '#domain/integrations/export-request-schema.ts';
import { api, apiErrorFrom } from '#web/api/api-client.ts';
import type { MutationCallbacks } from '#web/api/mutation-callbacks.ts';

export type DocumentKind = 'offer-letter' | 'deal-sheet';

/** A PDF the server made, with the name it suggested. */
export interface DownloadedDocument {
  fileName: string;
  blob: Blob;
}

/** Asks the server for a deal's offer letter or deal sheet; a refusal is an ApiError with the server's words. */
export async function fetchDocument(kind: DocumentKind, source: ExportSource): Promise<DownloadedDocument> {
  const response = await api.documents[kind].$post({ json: { source } });
  if (!response.ok) throw await apiErrorFrom(response);
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `${kind}.pdf`;
  return { fileName, blob: await response.blob() };
}

/** Hands a downloaded file to the browser's own download, under its name. */
export function saveFile({ fileName, blob }: DownloadedDocument) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the object URL can go once it has been read.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Downloads the deal's document of this kind for a source and hands it to the browser's download. */
export function useDownloadDocument(
  kind: DocumentKind,
  { onError }: Pick<MutationCallbacks<DownloadedDocument>, 'onError'> = {},
) {
  return useMutation({
    mutationFn: (source: ExportSource) => fetchDocument(kind, source),
    onSuccess: saveFile,
    onError,
  });
}
