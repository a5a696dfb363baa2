import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { canBulkImport } from '#domain/plans/plans.ts';
import { useSubscription } from '#web/api/use-subscription.ts';
import { useMay } from '#web/api/use-workspace.ts';
import { BULK_IMPORT_PATH } from '#web/components/bulk-import-path.ts';

/**
 * A signed-in wholesaler's working pages in the main navigation (issue 42 §6): Follow-ups, Team, Buyers, Reports,
 * and on Pro, Prospects and Bulk Import (for a role that may bulk send). In one line with the other
 * links on a wide screen; on a narrower one they collapse behind a "More" button whose list is a
 * native popover: it opens, closes on Escape and gives the focus back before the page's code has run.
 */
export function WorkNav() {
  const menuId = useId();
  const menuRef = useRef<HTMLUListElement>(null);
  const [open, setOpen] = useState(false);
  const { data: planStatus } = useSubscription(true);
  const mayBulkSend = useMay()('bulk-send-and-export');
  const pro = planStatus !== undefined && canBulkImport(planStatus.plan);
  // Opened before the page's code ran: the toggle was not seen.
  useEffect(() => {
    if (menuRef.current?.matches(':popover-open')) setOpen(true);
  }, []);
  const close = () => {
    if (menuRef.current?.matches(':popover-open')) menuRef.current.hidePopover();
  };

  return (
    <>
      <button type="button" className="nav-more-button" popoverTarget={menuId} aria-expanded={open}>
        <span className="nav-more-label">More</span>
        <span className="nav-more-arrow" aria-hidden="true">
          ▾
        </span>
      </button>
      <ul
        ref={menuRef}
        id={menuId}
        popover="auto"
        className="nav-more-links"
        onToggle={(event) => setOpen(event.newState === 'open')}
      >
        <li>
          <NavLink to="/follow-ups" onClick={close}>
            Follow-ups
          </NavLink>
        </li>
        <li>
          <NavLink to="/team" onClick={close}>
            Team
          </NavLink>
        </li>
        <li>
          <NavLink to="/buyers" onClick={close}>
            Buyers
          </NavLink>
        </li>
        <li>
          <NavLink to="/reports" onClick={close}>
            Reports
          </NavLink>
        </li>
        {pro && (
          <li>
            <NavLink to="/prospects" onClick={close}>
              Prospects
            </NavLink>
          </li>
        )}
        {pro && mayBulkSend && (
          <li>
            <Link to={BULK_IMPORT_PATH} onClick={close}>
              Bulk Import
            </Link>
          </li>
        )}
      </ul>
    </>
  );
}
