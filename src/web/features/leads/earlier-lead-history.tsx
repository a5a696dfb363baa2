import { useEffect, useRef, useState } from 'react';

export interface EarlierLeadHistoryProps {
  /** True while the lead has history entries older than those loaded. */
  hasEarlier: boolean;
  loading: boolean;
  /** The last attempt to load earlier entries failed. */
  failed: boolean;
  onShowEarlier: () => void;
}

/**
 * "Show earlier history": a long history arrives newest first, a page at a time, so the lead's
 * page stays quick to load. While a page loads the button says so (aria-disabled, so the focus
 * stays on it); once everything is shown the button goes, and the focus moves to the sentence
 * saying so instead of being lost with it.
 */
export function EarlierLeadHistory({ hasEarlier, loading, failed, onShowEarlier }: EarlierLeadHistoryProps) {
  const [requested, setRequested] = useState(false);
  const doneRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    const focusLost = document.activeElement === null || document.activeElement === document.body;
    if (!hasEarlier && requested && focusLost) doneRef.current?.focus();
  }, [hasEarlier, requested]);

  if (!hasEarlier) {
    return requested ? (
      <p ref={doneRef} tabIndex={-1} className="lead-earlier-history muted" role="status">
        All of this lead’s history is shown.
      </p>
    ) : null;
  }
  return (
    <div className="lead-earlier-history">
      <p className="muted">
        Earlier entries of this lead’s history (offers, status changes and notes) are not shown yet.
      </p>
      <button
        type="button"
        className="button button-secondary button-small"
        aria-disabled={loading}
        onClick={() => {
          if (loading) return;
          setRequested(true);
          onShowEarlier();
        }}
      >
        {loading ? 'Loading earlier history...' : 'Show earlier history'}
      </button>
      {failed && !loading && (
        <p className="field-error" role="alert">
          Earlier history could not be loaded. Please try again.
        </p>
      )}
    </div>
  );
}
