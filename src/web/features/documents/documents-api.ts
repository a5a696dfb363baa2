import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AssignmentClause } from '#domain/documents/assignment-of-contract.ts';
import type { ExportSource } from '#domain/integrations/export-request-schema.ts';
import { api, apiErrorFrom, readJson } from '#web/api/api-client.ts';
import type { MutationCallbacks } from '#web/api/mutation-callbacks.ts';
import { useSession } from '#web/api/use-session.ts';

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

/** The download's name as the server suggested it, else `fallback`. */
const suggestedName = (response: Response, fallback: string) =>
  /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallback;

/** Asks the server for a lead's assignment of contract; a refusal (409: what is missing) is an ApiError with its words. */
export async function fetchAssignment(leadId: string): Promise<DownloadedDocument> {
  const response = await api.documents.assignment.$post({ json: { leadId } });
  if (!response.ok) throw await apiErrorFrom(response);
  return { fileName: suggestedName(response, 'assignment-of-contract.pdf'), blob: await response.blob() };
}

/** Downloads a lead's assignment of contract and hands it to the browser's download. */
export const useDownloadAssignment = () => useMutation({ mutationFn: fetchAssignment, onSuccess: saveFile });

const useAssignmentClauseKey = () => ['documents', 'assignment-clause', useSession().user?.id ?? null] as const;

/** The workspace's own assignment wording ('' while it uses the default) and the default wording. */
export const useAssignmentClause = (enabled: boolean) =>
  useQuery({
    queryKey: useAssignmentClauseKey(),
    queryFn: () => readJson(api.documents['assignment-clause'].$get()),
    enabled,
  });

export function useSaveAssignmentClause() {
  const queryClient = useQueryClient();
  const queryKey = useAssignmentClauseKey();
  return useMutation({
    mutationFn: (clause: AssignmentClause) => readJson(api.documents['assignment-clause'].$put({ json: clause })),
    onSuccess: (saved) => queryClient.setQueryData(queryKey, saved),
  });
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
