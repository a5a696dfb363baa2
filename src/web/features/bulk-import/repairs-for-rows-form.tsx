import { useId, useState } from 'react';
import { bulkImportMessages } from '#domain/bulk-import/bulk-import-messages.ts';
import { MAX_REPAIR_COST } from '#domain/repairs/repair-catalog.ts';
import type { RepairsForRows } from './csv-import-protocol';
import type { ImportedProperties } from './imported-properties';

const repairsMessages = {
  invalid: 'Repairs must be a dollar amount of 0 or more',
  applied: (repairs: RepairsForRows) =>
    repairs.kind === 'amount'
      ? `Offers now take off $${repairs.dollars.toLocaleString('en-US')} of repairs per property`
      : `Offers now take off $${repairs.dollars.toLocaleString('en-US')} of repairs per sq ft`,
} as const;

/**
 * A list without repairs (issue 41): says its offers assume none, and lets the user set repairs
 * for every row, as dollars per property or per square foot (when the list has square feet). The
 * import worker recomputes the offers shown; the server recomputes them again from the send.
 */
export function RepairsForRowsForm({
  properties,
  perSquareFoot,
}: {
  properties: ImportedProperties;
  perSquareFoot: boolean;
}) {
  const id = useId();
  const [kind, setKind] = useState<RepairsForRows['kind']>('amount');
  const [dollars, setDollars] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [applied, setApplied] = useState<RepairsForRows | null>(null);
  const [busy, setBusy] = useState(false);

  const apply = async () => {
    const value = Number(dollars.replace(/[$,\s]/g, ''));
    if (dollars.trim() === '' || !Number.isFinite(value) || value < 0 || value > MAX_REPAIR_COST) {
      setError(repairsMessages.invalid);
      return;
    }
    setError(null);
    setBusy(true);
    const repairs: RepairsForRows = { kind, dollars: kind === 'amount' ? Math.round(value) : value };
    try {
      await properties.setRepairs(value === 0 ? null : repairs);
      setApplied(value === 0 ? null : repairs);
    } finally {
      setBusy(false);
    }
  };

  // Folded under its one-line note, so a short list's actions stay in view on a phone.
  return (
    <details className="bulk-repairs">
      <summary className="bulk-repairs-note">{bulkImportMessages.noRepairsInList}</summary>
      <form
        aria-label="Repairs for these rows"
        onSubmit={(event) => {
          event.preventDefault();
          void apply();
        }}
      >
        <div className="bulk-repairs-fields">
          {perSquareFoot && (
            <>
              <label htmlFor={`${id}-kind`}>Repairs as</label>
              <select
                id={`${id}-kind`}
                value={kind}
                onChange={(event) => setKind(event.target.value as RepairsForRows['kind'])}
              >
                <option value="amount">$ per property</option>
                <option value="per-square-foot">$ per sq ft</option>
              </select>
            </>
          )}
          <label htmlFor={`${id}-dollars`}>
            {kind === 'amount' ? 'Repairs per property ($)' : 'Repairs per sq ft ($)'}
          </label>
          <input
            id={`${id}-dollars`}
            inputMode="decimal"
            value={dollars}
            aria-invalid={error !== null}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => setDollars(event.target.value)}
          />
          <button type="submit" className="button button-secondary" disabled={busy}>
            Apply repairs
          </button>
        </div>
        {error && (
          <p id={`${id}-error`} role="alert" className="field-error">
            {error}
          </p>
        )}
      </form>
      {applied && (
        <p role="status" className="muted">
          {repairsMessages.applied(applied)}
        </p>
      )}
    </details>
  );
}
