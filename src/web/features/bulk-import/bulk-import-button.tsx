import { lazy, Suspense, useState } from 'react';
import { canBulkImport } from '../../../domain/plans/plans';
import type { FormulaTemplate } from '../../../domain/offer/formula-template';
import { useSession } from '../../api/use-session';
import { useSubscription } from '../../api/use-subscription';

// The dialog (Papa Parse worker, virtual table) is fetched on first use, not with the calculator.
const loadDialog = () => import('./bulk-import-dialog');
const BulkImportDialog = lazy(async () => ({ default: (await loadDialog()).BulkImportDialog }));

/** The 'Bulk Import' button: only the Pro plan may bulk-import, so it shows to signed-in Pro wholesalers only; the server refuses everyone else too (§2, §6). */
export function BulkImportButton({ template }: { template: FormulaTemplate }) {
  const { user } = useSession();
  const { data: planStatus } = useSubscription(Boolean(user));
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);

  if (!user || !planStatus || !canBulkImport(planStatus.plan)) return null;
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
