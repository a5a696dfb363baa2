import { useEffect, useId, useReducer, useState } from 'react';
import type { ArvFromComps } from '#domain/arv/arv-request-schema.ts';
import { useHydrated } from '#web/components/use-hydrated.ts';
import { useArvEstimate } from './arv-api';
import { keepArvCompsDraft, readArvCompsDraft } from './arv-comps-draft';
import { ArvCompsImport } from './arv-comps-import';
import {
  arvCompsFromDraft,
  arvCompsReducer,
  arvFromComps,
  draftOfArvComps,
  estimateRequest,
  readSubject,
} from './arv-comps-state';
import { ArvCompsTable } from './arv-comps-table';
import { ArvEstimateView } from './arv-estimate-view';
import { ArvSubjectFields } from './arv-subject-fields';
import { TypedCompForm } from './typed-comp-form';

interface ArvCompsPanelProps {
  /** The calculator's property address. */
  address: string;
  /** Makes the ARV the market value, carried with these comps, and computes the offer. */
  onUseArv: (arvComps: ArvFromComps) => void;
  /** The ARV that is the calculator's market value now, if it is one (null once a figure is typed). */
  arvInUse: number | null;
}

/**
 * "ARV from comps" (issue 28): the subject's facts, comps from a CSV, each used or excluded with
 * its reason, and "Use this ARV"; with the work kept in this tab before a reload, for this address.
 * The kept work is read once, before the panel's own effect keeps (or clears) it, and shown only
 * once the page is the browser's: the server, which drew a signed-in wholesaler's `/` with this
 * panel, had none to draw, and the first render must match what it drew.
 */
export function ArvCompsPanel(props: ArvCompsPanelProps) {
  const [kept] = useState(() => readArvCompsDraft(props.address));
  const restored = useHydrated() ? kept : null;
  return <ArvCompsWork key={restored ? 'restored' : 'fresh'} {...props} restored={restored} />;
}

function ArvCompsWork({
  address,
  onUseArv,
  arvInUse,
  restored,
}: ArvCompsPanelProps & { restored: ReturnType<typeof readArvCompsDraft> }) {
  const id = useId();
  const [state, dispatch] = useReducer(arvCompsReducer, restored, arvCompsFromDraft);

  // Every change to the work is kept, so that a reload before the save loses nothing (cleared by
  // the save); typing the CSV or a reason keeps nothing new, and writes nothing.
  const { subjectTexts, rows, rejected } = state;
  useEffect(
    () => keepArvCompsDraft(draftOfArvComps({ subjectTexts, rows, rejected }, address)),
    [subjectTexts, rows, rejected, address],
  );

  const { body, sent } = estimateRequest(state);
  const estimate = useArvEstimate(body);
  const result = estimate.data;

  // Said as used only after a press here: an ARV restored with the page was not just used.
  const [used, setUsed] = useState(false);
  const useThisArv = () => {
    const arvComps = result?.kind === 'estimate' ? arvFromComps(state, sent, result) : null;
    if (!arvComps) return;
    onUseArv(arvComps);
    setUsed(true);
  };
  const inUse = used && result?.kind === 'estimate' && arvInUse === result.arv;

  return (
    <section className="card arv-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card-title">
        ARV from comps
      </h2>
      <p className="muted">
        Bring sold homes near the property (an MLS or portal export, e.g. Redfin's sold CSV) and the property's own
        facts: the after-repair value comes from the comps, with an 80 % range and a confidence.
      </p>

      {restored && restored.comps.length > 0 && (
        <p className="banner banner-info" role="status">
          The comps you entered{restored.address.trim() ? ` for ${restored.address.trim()}` : ''} were kept in this tab
          and are back; they go with the property when you save it.
        </p>
      )}

      <ArvSubjectFields
        id={id}
        address={address}
        texts={state.subjectTexts}
        onType={(key, text) => dispatch({ type: 'typeSubject', key, text })}
      />
      <ArvCompsImport
        id={id}
        csvText={state.csvText}
        onTypeCsv={(text) => dispatch({ type: 'typeCsv', text })}
        onLoadCsv={(text) => dispatch({ type: 'loadCsv', text })}
      />
      <TypedCompForm onAdd={(comp) => dispatch({ type: 'addTypedComp', comp })} />

      {state.rejected.length > 0 && (
        <div role="status">
          <h3>Rows not used</h3>
          <ul>
            {state.rejected.map((row) => (
              <li key={row.line}>
                Line {row.line}: {row.reason}
              </li>
            ))}
          </ul>
        </div>
      )}

      {state.rows.length > 0 && !readSubject(state.subjectTexts) && (
        <p className="field-error">Enter the property's square feet to estimate.</p>
      )}

      <ArvEstimateView result={result} error={estimate.error} onUse={useThisArv} inUse={inUse} />

      {state.rows.length > 0 && <ArvCompsTable id={id} state={state} sent={sent} result={result} dispatch={dispatch} />}
    </section>
  );
}
