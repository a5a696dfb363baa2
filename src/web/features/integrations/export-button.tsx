import { integrationMessages } from '#domain/integrations/integration-messages.ts';
import { notify } from '#web/components/notify.ts';
import type { ExportTarget } from './export-target';

interface ExportButtonProps {
  label: string;
  target: ExportTarget | null;
  className?: string;
  /** Extra words for screen readers when several buttons share the label (a card's address). */
  labelSuffix?: string;
  onOpen: () => void;
}

/** An export button: with nothing to export it says 'Please enter property details first' (§5), otherwise it opens its dialog. */
export function ExportButton({
  label,
  target,
  className = 'button button-secondary',
  labelSuffix,
  onOpen,
}: ExportButtonProps) {
  return (
    <button
      type="button"
      className={className}
      onClick={() => {
        if (!target) {
          notify.error(integrationMessages.propertyDetailsFirst);
          return;
        }
        onOpen();
      }}
    >
      {label}
      {labelSuffix && <span className="visually-hidden"> {labelSuffix}</span>}
    </button>
  );
}
