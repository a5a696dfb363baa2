import { Link } from 'react-router';
import { savedPropertyLimit } from '#domain/plans/plans.ts';
import { ApiError } from '../api/api-client';
import { useSubscription, useSwitchToFreePlan } from '../api/use-subscription';
import { Modal } from './modal';
import { notify } from './notify';

/** A refusal that leaves the choice of who stays to the Owner: more members than Free's one seat. */
const tooManyMembers = (error: unknown) => error instanceof ApiError && error.code === 'too-many-members';

interface DowngradeDialogProps {
  open: boolean;
  onClose: () => void;
  /** The toasts of the place it opens from: /saved and the pricing page word them apart (§8). */
  messages: { success: string; failure: string };
}

/**
 * Asks before a paid plan becomes Free (from /saved or the pricing page): what changes now, the
 * paid period left behind, and what becomes of saved properties above the Free limit. A workspace
 * with more members than Free's one seat is refused: the dialog says how many to remove, and where.
 */
export function DowngradeDialog({ open, onClose, messages }: DowngradeDialogProps) {
  const subscription = useSubscription(open);
  const downgrade = useSwitchToFreePlan();
  const freeLimit = savedPropertyLimit('free');
  const savedCount = subscription.data?.savedCount ?? 0;
  const currentPeriodEnd = subscription.data?.currentPeriodEnd;
  const periodEnd = currentPeriodEnd
    ? new Date(currentPeriodEnd).toLocaleDateString('en-US', { dateStyle: 'long' })
    : null;
  return (
    <Modal
      title="Downgrade to the Free plan?"
      open={open}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button button-secondary" onClick={onClose}>
            Keep my plan
          </button>
          <button
            type="button"
            className="button button-danger"
            // Not `disabled` while it works: a refused downgrade would leave the focus nowhere.
            aria-disabled={downgrade.isPending}
            onClick={() => {
              if (downgrade.isPending) return;
              downgrade.mutate(undefined, {
                onSuccess: () => {
                  onClose();
                  notify.success(messages.success);
                },
                onError: (error) => {
                  if (!tooManyMembers(error)) notify.error(messages.failure);
                },
              });
            }}
          >
            {downgrade.isPending ? 'Downgrading...' : 'Downgrade now'}
          </button>
        </>
      }
    >
      {tooManyMembers(downgrade.error) && (
        <p role="alert">
          {downgrade.error?.message}{' '}
          <Link to="/team" onClick={onClose}>
            Open the Team page
          </Link>
        </p>
      )}
      <p>
        Your plan changes to Free now and you will not be billed again
        {periodEnd ? `; the paid period you are leaving would have ended on ${periodEnd}` : ''}.
      </p>
      <p>
        {savedCount > freeLimit
          ? `The Free plan keeps up to ${freeLimit} saved properties. You keep all ${savedCount} of yours, read-only: you can delete some, down to ${freeLimit}; to save more, upgrade again.`
          : `The Free plan keeps up to ${freeLimit} saved properties; you have ${savedCount}, so nothing changes in your list.`}
      </p>
    </Modal>
  );
}
