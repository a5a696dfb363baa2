import { formatMoney } from '#domain/money/format-money.ts';
import type { ArvEstimateResult } from './arv-api';
import { compStatus, type ArvCompsAction, type ArvCompsState } from './arv-comps-state';

interface ArvCompsTableProps {
  id: string;
  state: ArvCompsState;
  /** For each comp sent to the estimate, its row (estimateRequest). */
  sent: number[];
  result: ArvEstimateResult | undefined;
  dispatch: (action: ArvCompsAction) => void;
}

/**
 * The comps, each with what became of it and its actions: exclude or pin (with a reason), or
 * restore. On a narrow screen each row is drawn as a block, its cells labelled (styles.css).
 */
export function ArvCompsTable({ id, state, sent, result, dispatch }: ArvCompsTableProps) {
  return (
    <div className="table-scroll">
      <table className="arv-comps">
        <caption>Comparable sales</caption>
        <thead>
          <tr>
            <th scope="col">Address</th>
            <th scope="col">Sold</th>
            <th scope="col">Price</th>
            <th scope="col">Sq ft</th>
            <th scope="col">Status</th>
            <th scope="col">Action</th>
          </tr>
        </thead>
        <tbody>
          {state.rows.map((row, index) => {
            const status = compStatus(row, index, sent, result);
            const label = row.comp.address ?? `Comp ${index + 1}`;
            return (
              <tr key={index}>
                <th scope="row">{label}</th>
                <td data-label="Sold">{row.comp.soldDate}</td>
                <td data-label="Price">{formatMoney(row.comp.price)}</td>
                <td data-label="Sq ft">{row.comp.sqft.toLocaleString('en-US')}</td>
                <td data-label="Status">{status.text}</td>
                <td className="arv-comp-actions">
                  <CompActions
                    id={`${id}-reason-${index}`}
                    index={index}
                    label={label}
                    state={state}
                    used={status.used}
                    dispatch={dispatch}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

interface CompActionsProps {
  /** The reason field's id. */
  id: string;
  index: number;
  label: string;
  state: ArvCompsState;
  used: boolean;
  dispatch: (action: ArvCompsAction) => void;
}

/** The reason form of a pin or exclusion under way; else Restore for a decided comp, or Exclude (and Pin when not used). */
function CompActions({ id, index, label, state, used, dispatch }: CompActionsProps) {
  const pending = state.pending;
  if (pending?.index === index) {
    return (
      <form
        className="arv-decision"
        onSubmit={(event) => {
          event.preventDefault();
          dispatch({ type: 'confirmDecision' });
        }}
      >
        <label htmlFor={id}>
          Reason to {pending.action} {label}
        </label>
        <input
          id={id}
          value={pending.reason}
          required
          autoFocus
          onChange={(event) => dispatch({ type: 'typeReason', reason: event.target.value })}
        />
        <button type="submit" className="button button-secondary">
          {pending.action === 'pin' ? 'Pin' : 'Exclude'}
        </button>
        <button type="button" className="button button-link" onClick={() => dispatch({ type: 'cancelDecision' })}>
          Cancel
        </button>
      </form>
    );
  }
  if (state.rows[index]?.decision) {
    return (
      <button
        type="button"
        className="button button-link"
        aria-label={`Restore ${label}`}
        onClick={() => dispatch({ type: 'restore', index })}
      >
        Restore
      </button>
    );
  }
  return (
    <>
      <button
        type="button"
        className="button button-link"
        aria-label={`Exclude ${label}`}
        onClick={() => dispatch({ type: 'startDecision', index, action: 'exclude' })}
      >
        Exclude
      </button>
      {!used && (
        <button
          type="button"
          className="button button-link"
          aria-label={`Pin ${label}`}
          onClick={() => dispatch({ type: 'startDecision', index, action: 'pin' })}
        >
          Pin
        </button>
      )}
    </>
  );
}
