/**
 * Grey placeholder rows while the first page loads: shapes only, never a figure or a name that
 * could be read as data. Screen readers hear 'Loading leads...' instead.
 */
export function LeadsSkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <div className="leads-skeleton" aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading leads...
      </p>
      <ul className="leads-skeleton-list" aria-hidden="true">
        {Array.from({ length: rows }, (_, index) => (
          <li key={index} className="lead-row lead-row-skeleton">
            <span className="skeleton-bar skeleton-bar-wide" />
            <span className="skeleton-bar" />
            <span className="skeleton-bar" />
            <span className="skeleton-bar skeleton-bar-short" />
          </li>
        ))}
      </ul>
    </div>
  );
}
