import { useState } from 'react';
import { integrationMessages } from '#domain/integrations/integration-messages.ts';
import { serverErrorMessage } from '#web/api/api-client.ts';
import { useMay } from '#web/api/use-workspace.ts';
import { Modal } from '#web/components/modal.tsx';
import { notify } from '#web/components/notify.ts';
import { DealSummary } from './deal-summary';
import { ExportButton } from './export-button';
import type { ExportTarget } from './export-target';
import { isGhlKeyMissing, useCheckGhlKey, useExportToGhl } from './integrations-api';
import { LazyExportContactForm, LazyGhlKeySetupForm } from './lazy-forms';

type Step = 'summary' | 'setup' | 'contact';

const titles: Record<Step, string> = {
  summary: 'Export to GoHighLevel',
  setup: 'GoHighLevel API Key Setup',
  contact: 'Add Contact Information',
};

interface ExportToGhlButtonProps {
  /** null without a computed range: the button then says 'Please enter property details first'. */
  target: ExportTarget | null;
  className?: string;
  /** Extra words for screen readers when several buttons share the label (a card's address). */
  labelSuffix?: string;
  /** After the server took the export (a lead's page then shows it in the lead's history). */
  onExported?: () => void;
}

/**
 * §2/§4 CRM export: the deal's summary, then (with no key stored) the key set-up, then the
 * contact form, then the server sends it to the CRM webhook and creates the contact.
 */
function ExportToGhlButtonControl({ target, className, labelSuffix, onExported }: ExportToGhlButtonProps) {
  const [step, setStep] = useState<Step | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);

  const close = () => {
    setStep(null);
    setServerError(null);
  };
  // The key is set up by those who manage the workspace (issue 26); a member who only exports is told who does.
  const setsUpKey = useMay()('manage-workspace');
  const askForKey = () => {
    if (!setsUpKey) {
      notify.error(integrationMessages.ghlNotSetUpForMember);
      close();
      return;
    }
    notify.error(integrationMessages.setUpGhlKey);
    setStep('setup');
  };

  const checkKey = useCheckGhlKey({
    onSuccess: (settings) => (settings.configured ? setStep('contact') : askForKey()),
    onError: (error) => notify.error(serverErrorMessage(error, integrationMessages.ghlExportFailed)),
  });

  const send = useExportToGhl(target?.source ?? null, {
    onSuccess: ({ contactCreated, opportunity }) => {
      const steps = [contactCreated ? 'New contact' : 'Existing contact updated', 'offer note added'];
      if (opportunity) steps.push(`opportunity ${opportunity.created ? 'created' : 'updated'}`);
      notify.success(integrationMessages.ghlExported, `${steps.join(', ')}.`);
      close();
      onExported?.();
    },
    onError: (error) => {
      // The hook has the stored settings fetched again.
      if (isGhlKeyMissing(error)) {
        askForKey();
        return;
      }
      // §8: 'Failed to export to GoHighLevel', or the server's message (which names the service that failed).
      const message = serverErrorMessage(error, integrationMessages.ghlExportFailed);
      notify.error(message);
      setServerError(message);
    },
  });

  return (
    <>
      <ExportButton
        label="Export to GHL"
        target={target}
        className={className}
        labelSuffix={labelSuffix}
        onOpen={() => {
          setServerError(null);
          setStep('summary');
        }}
      />
      <Modal title={step ? titles[step] : titles.summary} open={step !== null && target !== null} onClose={close}>
        {step === 'summary' && target && (
          <>
            <DealSummary summary={target.summary} />
            <div className="form-actions">
              <button type="button" className="button button-secondary" onClick={close}>
                Cancel
              </button>
              <button
                type="button"
                className="button button-primary"
                disabled={checkKey.isPending}
                onClick={() => checkKey.mutate()}
              >
                {checkKey.isPending ? 'Checking...' : 'Continue'}
              </button>
            </div>
          </>
        )}
        {step === 'setup' && (
          <LazyGhlKeySetupForm idPrefix="ghl-export-setup" onSaved={() => setStep('contact')} onCancel={close} />
        )}
        {step === 'contact' && (
          <LazyExportContactForm
            variant="crm"
            idPrefix="ghl-export-contact"
            submitLabel="Export to GoHighLevel"
            pendingLabel="Exporting..."
            pending={send.isPending}
            error={serverError}
            onSubmit={(contact) => {
              setServerError(null);
              send.mutate(contact);
            }}
            onCancel={close}
          />
        )}
      </Modal>
    </>
  );
}

/** Shown only to members who may export ('bulk-send-and-export'); the server refuses the others. */
export function ExportToGhlButton(props: ExportToGhlButtonProps) {
  return useMay()('bulk-send-and-export') ? <ExportToGhlButtonControl {...props} /> : null;
}
