import { lazy, Suspense, useEffect, useState } from 'react';
import type { FormulaTemplate } from '#domain/offer/formula-template.ts';
import { canBulkImport } from '#domain/plans/plans.ts';
import { useSession } from '#web/api/use-session.ts';
import { useSubscription } from '#web/api/use-subscription.ts';
import { useMay } from '#web/api/use-workspace.ts';

// The dialog (Papa Parse worker, virtual table) is fetched on first use, not with the calculator.
const loadDialog = () => import('./bulk-import-dialog');
const BulkImportDialog = lazy(async () => ({ default: (await loadDialog()).BulkImportDialog }));

interface BulkImportButtonProps {
  template: FormulaTemplate;
  /** 'Bulk Import' on the calculator (§2); the saved list says "Import a list". */
  label?: string;
  /** Opens the dialog as soon as the button shows (the navigation's Bulk Import link), then tells `onOpened`. */
  openAtStart?: boolean;
  onOpened?: () => void;
}

/**
 * The 'Bulk Import' button: only the Pro plan may bulk-import, and only a member whose role may bulk
 * send (issue 26), so it shows to them alone; the server refuses everyone else too (§2, §6).
 */
export function BulkImportButton({
  template,
  label = 'Bulk Import',
  openAtStart = false,
  onOpened,
}: BulkImportButtonProps) {
  const { user } = useSession();
  const { data: planStatus } = useSubscription(Boolean(user));
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const mayBulkSend = useMay()('bulk-send-and-export');
  const shown = Boolean(user && planStatus && canBulkImport(planStatus.plan) && mayBulkSend);

  const [openedAtStart, setOpenedAtStart] = useState(false);
  // Adjusted while rendering (not in an effect): the dialog opens in the render that shows the button.
  if (openAtStart && shown && !openedAtStart) {
    setOpenedAtStart(true);
    setUsed(true);
    setOpen(true);
  }
  useEffect(() => {
    if (openedAtStart) onOpened?.();
  }, [openedAtStart, onOpened]);

  if (!shown) return null;
  return (
    <>
      <button
        type="button"
        className="button button-secondary"
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        {label}
      </button>
      {used && (
        <Suspense fallback={null}>
          <BulkImportDialog open={open} onClose={() => setOpen(false)} template={template} />
        </Suspense>
      )}
    </>
  );
}
