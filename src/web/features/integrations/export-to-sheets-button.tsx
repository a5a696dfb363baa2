import { useState } from 'react';
import { Link } from 'react-router';
import { integrationMessages } from '#domain/integrations/integration-messages.ts';
import { sheetsSettingsMessages } from '#domain/integrations/sheets-settings-messages.ts';
import { formatMoneyRange } from '#domain/money/format-money.ts';
import { serverErrorMessage } from '#web/api/api-client.ts';
import { useMay } from '#web/api/use-workspace.ts';
import { Modal } from '#web/components/modal.tsx';
import { notify } from '#web/components/notify.ts';
import { ExportButton } from './export-button';
import type { ExportTarget } from './export-target';
import { useExportToSheets } from './integrations-api';
import { LazyExportContactForm } from './lazy-forms';
import { useSheetsSettings } from './sheets-settings-api';

interface ExportToSheetsButtonProps {
  /** null without a computed range: the button then says 'Please enter property details first'. */
  target: ExportTarget | null;
  className?: string;
  labelSuffix?: string;
  /** After the server took the export (a lead's page then shows it in the lead's history). */
  onExported?: () => void;
}

/** §2 Sheets export: 'Add Contact Information' with city, state and ZIP; the server posts the §3 sheets payload. */
function ExportToSheetsButtonControl({ target, className, labelSuffix, onExported }: ExportToSheetsButtonProps) {
  const [open, setOpen] = useState(false);
  const sheets = useSheetsSettings();
  // Neither the user nor the site has a spreadsheet: say how to connect one before any typing.
  const notConnected = sheets.data !== undefined && !sheets.data.configured && !sheets.data.operatorWebhook;
  const [serverError, setServerError] = useState<string | null>(null);

  const close = () => {
    setOpen(false);
    setServerError(null);
  };

  const send = useExportToSheets(target?.source ?? null, {
    onSuccess: () => {
      notify.success(integrationMessages.sheetsExported);
      close();
      onExported?.();
    },
    onError: (error) => {
      notify.error(integrationMessages.sheetsExportFailed);
      // The detail (which service failed and how) stays in the dialog, beside the form.
      setServerError(serverErrorMessage(error, integrationMessages.sheetsExportFailed));
    },
  });

  return (
    <>
      <ExportButton
        label="Export to Sheets"
        target={target}
        className={className}
        labelSuffix={labelSuffix}
        onOpen={() => {
          setServerError(null);
          setOpen(true);
        }}
      />
      <Modal title="Connect a spreadsheet" open={open && target !== null && notConnected} onClose={close}>
        <p>{sheetsSettingsMessages.notConnected}</p>
        <div className="form-actions">
          <button type="button" className="button button-secondary" onClick={close}>
            Close
          </button>
          <Link className="button button-primary" to="/test">
            Connect a spreadsheet
          </Link>
        </div>
      </Modal>
      <Modal title="Add Contact Information" open={open && target !== null && !notConnected} onClose={close}>
        {open && target && !notConnected && (
          <>
            <p className="muted export-target-line">
              {target.summary.address} · {formatMoneyRange(target.summary.offerRange)}
            </p>
            <LazyExportContactForm
              variant="sheets"
              idPrefix="sheets-export-contact"
              submitLabel="Export to Google Sheets"
              pendingLabel="Exporting..."
              pending={send.isPending}
              error={serverError}
              onSubmit={(contact) => {
                setServerError(null);
                send.mutate(contact);
              }}
              onCancel={close}
            />
          </>
        )}
      </Modal>
    </>
  );
}

/** Shown only to members who may export ('bulk-send-and-export'); the server refuses the others. */
export function ExportToSheetsButton(props: ExportToSheetsButtonProps) {
  return useMay()('bulk-send-and-export') ? <ExportToSheetsButtonControl {...props} /> : null;
}
