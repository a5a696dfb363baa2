import type { ExportSource } from '#domain/integrations/export-request-schema.ts';
import { serverErrorMessage } from '#web/api/api-client.ts';
import { notify } from '#web/components/notify.ts';
import { useDownloadDocument, type DocumentKind } from './documents-api';

const labels: Record<DocumentKind, { idle: string; pending: string; failed: string }> = {
  'offer-letter': {
    idle: 'Offer letter (PDF)',
    pending: 'Preparing letter...',
    failed: 'Failed to make the offer letter',
  },
  'deal-sheet': { idle: 'Deal sheet (PDF)', pending: 'Preparing sheet...', failed: 'Failed to make the deal sheet' },
};

function DownloadButton({
  kind,
  source,
  className,
  labelSuffix,
}: {
  kind: DocumentKind;
  source: ExportSource;
  className: string;
  labelSuffix?: string;
}) {
  const download = useDownloadDocument(kind, {
    onError: (error) => notify.error(serverErrorMessage(error, labels[kind].failed)),
  });
  const label = download.isPending ? labels[kind].pending : labels[kind].idle;
  return (
    <button
      type="button"
      className={className}
      disabled={download.isPending}
      aria-label={labelSuffix ? `${label} ${labelSuffix}` : undefined}
      onClick={() => download.mutate(source)}
    >
      {label}
    </button>
  );
}

/**
 * The deal's documents (issue 13): the homeowner's offer letter and the wholesaler's deal sheet,
 * made by the server from the same source as the exports (the calculation, or a saved property).
 */
export function DocumentDownloads({
  source,
  small = false,
  labelSuffix,
}: {
  source: ExportSource;
  small?: boolean;
  /** Extra words for screen readers when several cards share the labels (a card's address). */
  labelSuffix?: string;
}) {
  const className = `button button-secondary${small ? ' button-small' : ''}`;
  return (
    <>
      <DownloadButton kind="offer-letter" source={source} className={className} labelSuffix={labelSuffix} />
      <DownloadButton kind="deal-sheet" source={source} className={className} labelSuffix={labelSuffix} />
    </>
  );
}
