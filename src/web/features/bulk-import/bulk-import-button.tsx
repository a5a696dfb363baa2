import { lazy, Suspense, useState } from 'react';
import type { FormulaTemplate } from '#domain/offer/formula-template.ts';
import { canBulkImport } from '#domain/plans/plans.ts';
import { useSession } from '#web/api/use-session.ts';
import { useSubscription } from '#web/api/use-subscription.ts';
import { useMay } from '#web/api/use-workspace.ts';

// The dialog (Papa Parse worker, virtual table) is fetched on first use, not with the calculator.
const loadDialog = () => import('./bulk-import-dialog');
const BulkImportDialog = lazy(async () => ({ default: (await loadDialog()).BulkImportDialog }));

/**
 * The 'Bulk Import' button: only the Pro plan may bulk-import, and only a member whose role may bulk
 * send (issue 26), so it shows to them alone; the server refuses everyone else too (§2, §6).
 */
export function BulkImportButton({ template }: { template: FormulaTemplate }) {
  const { user } = useSession();
  const { data: planStatus } = useSubscription(Boolean(user));
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const mayBulkSend = useMay()('bulk-send-and-export');

  if (!user || !planStatus || !canBulkImport(planStatus.plan) || !mayBulkSend) return null;
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
        Bulk Import
      </button>
      {used && (
        <Suspense fallback={null}>
          <BulkImportDialog open={open} onClose={() => setOpen(false)} template={template} />
        </Suspense>
      )}
    </>
  );
}
