import { useState } from 'react';
import { useNavigate } from 'react-router';
import { bulkImportMessages } from '#domain/bulk-import/bulk-import-messages.ts';
import { listFieldLabels } from '#domain/bulk-import/list-columns.ts';
import { emailDeliveryMessages } from '#domain/email/email-delivery.ts';
import type { FormulaTemplate } from '#domain/offer/formula-template.ts';
import { usePublicConfig } from '#web/api/public-config.tsx';
import { ColumnMappingStep } from '#web/components/column-mapping-step.tsx';
import { Modal } from '#web/components/modal.tsx';
import { notify } from '#web/components/notify.ts';
import { useBulkSendProgress } from './bulk-send-api';
import { ReadingStep } from './reading-step';
import { ReviewStep } from './review-step';
import { SendProgress } from './send-progress';
import { UploadStep } from './upload-step';
import { useCsvImport } from './use-csv-import';

/**
 * Bulk import (Pro only, §2): upload a CSV, review the offers, export them for the CRM or e-mail
 * them to the owners, then follow the sending.
 */
export function BulkImportDialog({
  open,
  onClose,
  template,
}: {
  open: boolean;
  onClose: () => void;
  template: FormulaTemplate;
}) {
  const [sending, setSending] = useState<{ jobId: string; total: number } | null>(null);
  const toOutbox = usePublicConfig().emailDelivery === 'outbox';
  const csvImport = useCsvImport(template, { awaitingFile: open && sending === null });
  const { state } = csvImport;
  const navigate = useNavigate();

  // Polled here, not in the step's view, so progress and the end toasts go on while the window is closed.
  const { data: progress, isError: progressError } = useBulkSendProgress(sending?.jobId ?? null, (finished) => {
    if (finished.failed > 0) notify.error(bulkImportMessages.sendFailed(finished.failed));
    if (finished.sent > 0) {
      notify.success(
        toOutbox ? emailDeliveryMessages.writtenToOutbox(finished.sent) : bulkImportMessages.sent(finished.sent),
      );
    }
    // When every selected offer is sent, the flow closes (§4).
    if (finished.sent === finished.total) {
      setSending(null);
      onClose();
    }
  });

  const close = () => {
    csvImport.cancelReading();
    onClose();
  };

  return (
    <Modal title="Bulk Import" open={open} onClose={close} size="large">
      <div className="bulk-import">
        {sending ? (
          <SendProgress
            jobId={sending.jobId}
            total={sending.total}
            progress={progress?.id === sending.jobId ? progress : undefined}
            reconnecting={progressError}
            onClose={() => {
              if (progress?.finished || progress?.status === 'cancelled') setSending(null);
              onClose();
            }}
          />
        ) : state.step === 'upload' ? (
          <UploadStep error={state.error} template={template} onFile={csvImport.start} />
        ) : state.step === 'reading' ? (
          <ReadingStep fileName={state.fileName} progress={state.progress} onCancel={csvImport.cancelReading} />
        ) : state.step === 'mapping' ? (
          <ColumnMappingStep
            labels={listFieldLabels}
            optionalIntro="The owner's mailing address, if this list has one (absent: offers are mailed to the property):"
            fileName={state.fileName}
            request={state.request}
            onApply={csvImport.applyMapping}
            onChooseAnother={csvImport.reset}
          />
        ) : (
          <ReviewStep
            fileName={state.fileName}
            result={state.result}
            onChooseAnother={csvImport.reset}
            onSending={(jobId, total) => {
              // The reviewed rows are sent: their worker ends with the review.
              csvImport.reset();
              setSending({ jobId, total });
            }}
            onLobSend={(sendId) => {
              csvImport.reset();
              onClose();
              void navigate(`/mail/lob/${sendId}`);
            }}
          />
        )}
      </div>
    </Modal>
  );
}
