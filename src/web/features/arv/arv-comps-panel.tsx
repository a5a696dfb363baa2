import Papa from 'papaparse';
import { useEffect, useId, useMemo, useState } from 'react';
import type { ArvComp, ArvSubject, CompDecision, SavedArvComps } from '../../../domain/arv/arv-request-schema';
import { ArvSubjectSchema } from '../../../domain/arv/arv-request-schema';
import { readCompRows } from '../../../domain/arv/read-comps-csv';
import { formatMoney } from '../../../domain/money/format-money';
import type { MarketValueFromComps } from '../../../domain/offer/offer-receipt-lines';
import { rememberUsedArv, useArvEstimate, type ArvEstimateBody } from './arv-api';
import { keepArvCompsDraft, readArvCompsDraft } from './arv-comps-draft';
import { TypedCompForm } from './typed-comp-form';

const SUBJECT_FIELDS: { key: keyof ArvSubject; label: string }[] = [
  { key: 'sqft', label: 'Living area (sq ft)' },
  { key: 'beds', label: 'Beds' },
  { key: 'baths', label: 'Baths' },
  { key: 'yearBuilt', label: 'Year built' },
  { key: 'lotSqft', label: 'Lot (sq ft)' },
  { key: 'lat', label: 'Latitude' },
  { key: 'lng', label: 'Longitude' },
];

type SubjectTexts = Partial<Record<keyof ArvSubject, string>>;

function readSubject(texts: SubjectTexts): ArvSubject | null {
  const values = Object.fromEntries(
    Object.entries(texts)
      .filter(([, text]) => text && text.trim() !== '')
      .map(([key, text]) => [key, Number(text!.replace(/[$,\s]/g, ''))]),
  );
  const parsed = ArvSubjectSchema.safeParse(values);
  return parsed.success ? parsed.data : null;
}

interface ArvCompsPanelProps {
  /** The calculator's property address. */
  address: string;
  /** Puts the ARV in the market value and computes the offer; `source` is what the receipt says of it. */
  onUseArv: (arv: number, source: MarketValueFromComps) => void;
}

/** "ARV from comps" (issue 28): the subject's facts, comps from a CSV, each used or excluded with its reason, and "Use this ARV". */
export function ArvCompsPanel({ address, onUseArv }: ArvCompsPanelProps) {
  const id = useId();
  // The work kept in this tab before a reload, for this address (read once, on the first render).
  const [restored] = useState(() => readArvCompsDraft(address));
  const [subjectTexts, setSubjectTexts] = useState<SubjectTexts>(restored?.subjectTexts ?? {});
  const [comps, setComps] = useState<ArvComp[]>(restored?.comps ?? []);
  // Which comps were typed by hand: a new CSV replaces the comps of the last one and keeps these.
  const [typed, setTyped] = useState<boolean[]>(restored?.typed ?? []);
  const [rejected, setRejected] = useState<{ line: number; reason: string }[]>(restored?.rejected ?? []);
  const [decisions, setDecisions] = useState<Record<number, CompDecision>>(restored?.decisions ?? {});
  // The comps behind the ARV last used, for the property's save.
  const [used, setUsed] = useState<SavedArvComps | null>(restored?.used ?? null);
  const [pending, setPending] = useState<{ index: number; action: CompDecision['action']; reason: string } | null>(
    null,
  );
  const [csvText, setCsvText] = useState('');

  useEffect(() => {
    if (restored?.used) rememberUsedArv(restored.used);
  }, [restored]);
  // Every change is kept, so that a reload before the save loses nothing (cleared by the save).
  useEffect(() => {
    keepArvCompsDraft({ address, subjectTexts, comps, typed, rejected, decisions, used });
  }, [address, subjectTexts, comps, typed, rejected, decisions, used]);

  const subject = readSubject(subjectTexts);
  // Comps the user excluded are not sent; the server's indexes map back through `sent`.
  const sent = useMemo(
    () => comps.map((_, index) => index).filter((index) => decisions[index]?.action !== 'exclude'),
    [comps, decisions],
  );
  const body: ArvEstimateBody | null =
    subject && sent.length > 0
      ? {
          subject,
          comps: sent.map((index) => comps[index]!),
          pinned: sent.flatMap((index, position) => (decisions[index]?.action === 'pin' ? [position] : [])),
        }
      : null;
  const estimate = useArvEstimate(body);
  const result = estimate.data;

  const loadCsv = (text: string) => {
    const parsed = Papa.parse<Record<string, string>>(text.trim(), { header: true, skipEmptyLines: true });
    const read = readCompRows(parsed.data, parsed.meta.fields ?? []);
    const kept = comps.flatMap((comp, index) => (typed[index] ? [{ comp, decision: decisions[index] }] : []));
    setComps([...read.comps, ...kept.map((entry) => entry.comp)]);
    setTyped([...read.comps.map(() => false), ...kept.map(() => true)]);
    setDecisions(
      Object.fromEntries(
        kept.flatMap((entry, position) =>
          entry.decision ? [[read.comps.length + position, entry.decision] as const] : [],
        ),
      ),
    );
    setRejected(read.rejected);
    setPending(null);
  };

  const addTypedComp = (comp: ArvComp) => {
    setComps((all) => [...all, comp]);
    setTyped((all) => [...all, true]);
  };

  const statusOf = (index: number): { used: boolean; text: string } => {
    const decision = decisions[index];
    if (decision?.action === 'exclude') return { used: false, text: `Excluded by you: ${decision.reason}` };
    const position = sent.indexOf(index);
    if (result?.kind === 'estimate') {
      const used = result.used.find((entry) => entry.index === position);
      if (used) {
        const pinned = decision?.action === 'pin' ? ` · pinned: ${decision.reason}` : '';
        return {
          used: true,
          text: `Used: adjusted ${formatMoney(used.adjustedPrice)}, weight ${(used.weight * 100).toFixed(0)} %${pinned}`,
        };
      }
    }
    const excluded = result?.excluded.find((entry) => entry.index === position);
    if (excluded) return { used: false, text: `Excluded: ${excluded.reason}` };
    return { used: false, text: result?.kind === 'not-enough' ? 'Usable' : '…' };
  };

  const useThisArv = () => {
    if (result?.kind !== 'estimate' || !subject) return;
    const saved: SavedArvComps = {
      subject,
      comps: comps.map((comp, index) => (decisions[index] ? { ...comp, decision: decisions[index] } : comp)),
      estimate: {
        arv: result.arv,
        low: result.low,
        high: result.high,
        confidence: result.confidence,
        used: result.used.map((used) => ({ index: sent[used.index]!, adjustedPrice: used.adjustedPrice })),
      },
    };
    rememberUsedArv(saved);
    setUsed(saved);
    onUseArv(result.arv, {
      compCount: result.used.length,
      low: result.low,
      high: result.high,
      confidence: result.confidence,
    });
  };

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

      <fieldset className="arv-subject">
        <legend>The property</legend>
        {SUBJECT_FIELDS.map((field) => (
          <div className="field" key={field.key}>
            <label htmlFor={`${id}-${field.key}`}>{field.label}</label>
            <input
              id={`${id}-${field.key}`}
              inputMode="decimal"
              value={subjectTexts[field.key] ?? ''}
              onChange={(event) => setSubjectTexts((texts) => ({ ...texts, [field.key]: event.target.value }))}
            />
          </div>
        ))}
      </fieldset>

      <div className="arv-import">
        <div className="field">
          <label htmlFor={`${id}-file`}>Upload comps CSV</label>
          <input
            id={`${id}-file`}
            type="file"
            accept=".csv,text/csv"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void file.text().then(loadCsv);
            }}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-paste`}>Or paste comps CSV</label>
          <textarea id={`${id}-paste`} rows={3} value={csvText} onChange={(event) => setCsvText(event.target.value)} />
          <button
            type="button"
            className="button button-secondary"
            onClick={() => loadCsv(csvText)}
            disabled={!csvText.trim()}
          >
            Read pasted comps
          </button>
        </div>
      </div>

      <TypedCompForm onAdd={addTypedComp} />

      {rejected.length > 0 && (
        <div role="status">
          <h3>Rows not used</h3>
          <ul>
            {rejected.map((row) => (
              <li key={row.line}>
                Line {row.line}: {row.reason}
              </li>
            ))}
          </ul>
        </div>
      )}

      {comps.length > 0 && !subject && <p className="field-error">Enter the property's square feet to estimate.</p>}

      <div aria-live="polite" className="arv-result">
        {result?.kind === 'not-enough' && <p className="field-error">{result.reason}</p>}
        {result?.kind === 'estimate' && (
          <>
            <p className="arv-figure">
              ARV <strong data-testid="arv-value">{formatMoney(result.arv)}</strong>
            </p>
            <p>
              80 % range: {formatMoney(result.low)} – {formatMoney(result.high)} · Confidence {result.confidence}/100
            </p>
            <ul className="arv-factors">
              {result.factors.map((factor) => (
                <li key={factor.factor}>
                  {factor.factor}: {factor.score}/{factor.outOf} ({factor.note})
                </li>
              ))}
            </ul>
            <button type="button" className="button button-primary" onClick={useThisArv}>
              Use this ARV
            </button>
          </>
        )}
        {estimate.error instanceof Error && <p className="field-error">{estimate.error.message}</p>}
      </div>

      {comps.length > 0 && (
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
              {comps.map((comp, index) => {
                const status = statusOf(index);
                const decision = decisions[index];
                const label = comp.address ?? `Comp ${index + 1}`;
                return (
                  <tr key={index}>
                    <th scope="row">{label}</th>
                    <td>{comp.soldDate}</td>
                    <td>{formatMoney(comp.price)}</td>
                    <td>{comp.sqft.toLocaleString('en-US')}</td>
                    <td>{status.text}</td>
                    <td>
                      {pending?.index === index ? (
                        <form
                          className="arv-decision"
                          onSubmit={(event) => {
                            event.preventDefault();
                            if (!pending.reason.trim()) return;
                            setDecisions((all) => ({
                              ...all,
                              [index]: { action: pending.action, reason: pending.reason.trim() },
                            }));
                            setPending(null);
                          }}
                        >
                          <label htmlFor={`${id}-reason-${index}`}>
                            Reason to {pending.action} {label}
                          </label>
                          <input
                            id={`${id}-reason-${index}`}
                            value={pending.reason}
                            required
                            autoFocus
                            onChange={(event) => setPending({ ...pending, reason: event.target.value })}
                          />
                          <button type="submit" className="button button-secondary">
                            {pending.action === 'pin' ? 'Pin' : 'Exclude'}
                          </button>
                          <button type="button" className="button button-link" onClick={() => setPending(null)}>
                            Cancel
                          </button>
                        </form>
                      ) : decision ? (
                        <button
                          type="button"
                          className="button button-link"
                          aria-label={`Restore ${label}`}
                          onClick={() => setDecisions(({ [index]: _, ...rest }) => rest)}
                        >
                          Restore
                        </button>
                      ) : (
                        <>
                          <button
                            type="button"
                            className="button button-link"
                            aria-label={`Exclude ${label}`}
                            onClick={() => setPending({ index, action: 'exclude', reason: '' })}
                          >
                            Exclude
                          </button>
                          {!status.used && (
                            <button
                              type="button"
                              className="button button-link"
                              aria-label={`Pin ${label}`}
                              onClick={() => setPending({ index, action: 'pin', reason: '' })}
                            >
                              Pin
                            </button>
                          )}
                        </>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
