import Papa from 'papaparse';
import type { ArvComp, ArvFromComps, ArvSubject, CompDecision } from '#domain/arv/arv-request-schema.ts';
import { ArvSubjectSchema } from '#domain/arv/arv-request-schema.ts';
import { readCompRows } from '#domain/arv/read-comps-csv.ts';
import { formatMoney } from '#domain/money/format-money.ts';
import type { ArvEstimateBody, ArvEstimateResult } from './arv-api';
import type { ArvCompsDraft } from './arv-comps-draft';

export type SubjectTexts = Partial<Record<keyof ArvSubject, string>>;

/** One comp on the panel: the sale, whether it was typed by hand (a new CSV keeps those), and the user's pin or exclusion. */
export interface CompRow {
  comp: ArvComp;
  typed: boolean;
  decision?: CompDecision;
}

/** A pin or exclusion being given its reason, for the row at `index`. */
export interface PendingDecision {
  index: number;
  action: CompDecision['action'];
  reason: string;
}

/**
 * The ARV panel's work (issue 28): the subject's facts as typed, the comps as rows (each index is
 * a row of `rows`; only estimateRequest and arvFromComps translate to the server's indexes), the
 * CSV lines not used, the reason being typed, and the pasted CSV.
 */
export interface ArvCompsState {
  subjectTexts: SubjectTexts;
  rows: CompRow[];
  rejected: { line: number; reason: string }[];
  pending: PendingDecision | null;
  csvText: string;
}

export type ArvCompsAction =
  | { type: 'typeSubject'; key: keyof ArvSubject; text: string }
  | { type: 'typeCsv'; text: string }
  /** A CSV read: its comps replace the last CSV's; comps typed by hand stay, with their decisions. */
  | { type: 'loadCsv'; text: string }
  | { type: 'addTypedComp'; comp: ArvComp }
  | { type: 'startDecision'; index: number; action: CompDecision['action'] }
  | { type: 'typeReason'; reason: string }
  /** Keeps the pending decision, unless its reason is blank. */
  | { type: 'confirmDecision' }
  | { type: 'cancelDecision' }
  | { type: 'restore'; index: number };

export const emptyArvComps: ArvCompsState = { subjectTexts: {}, rows: [], rejected: [], pending: null, csvText: '' };

/** The panel as a kept draft left it (see arv-comps-draft.ts), or empty. */
export function arvCompsFromDraft(draft: ArvCompsDraft | null): ArvCompsState {
  if (!draft) return emptyArvComps;
  const rows = draft.comps.map((comp, index) => {
    const decision = draft.decisions[index];
    return { comp, typed: draft.typed[index] ?? false, ...(decision ? { decision } : {}) };
  });
  return { ...emptyArvComps, subjectTexts: draft.subjectTexts, rows, rejected: draft.rejected };
}

/** What a draft keeps of the panel at `address`. */
export function draftOfArvComps(
  state: Pick<ArvCompsState, 'subjectTexts' | 'rows' | 'rejected'>,
  address: string,
): ArvCompsDraft {
  return {
    address,
    subjectTexts: Object.fromEntries(Object.entries(state.subjectTexts).filter(([, text]) => text !== undefined)),
    comps: state.rows.map((row) => row.comp),
    typed: state.rows.map((row) => row.typed),
    rejected: state.rejected,
    decisions: Object.fromEntries(state.rows.flatMap((row, index) => (row.decision ? [[index, row.decision]] : []))),
  };
}

export function arvCompsReducer(state: ArvCompsState, action: ArvCompsAction): ArvCompsState {
  switch (action.type) {
    case 'typeSubject':
      return { ...state, subjectTexts: { ...state.subjectTexts, [action.key]: action.text } };
    case 'typeCsv':
      return { ...state, csvText: action.text };
    case 'loadCsv': {
      const parsed = Papa.parse<Record<string, string>>(action.text.trim(), { header: true, skipEmptyLines: true });
      const read = readCompRows(parsed.data, parsed.meta.fields ?? []);
      const fromCsv = read.comps.map((comp) => ({ comp, typed: false }));
      return {
        ...state,
        rows: [...fromCsv, ...state.rows.filter((row) => row.typed)],
        rejected: read.rejected,
        pending: null,
      };
    }
    case 'addTypedComp':
      return { ...state, rows: [...state.rows, { comp: action.comp, typed: true }] };
    case 'startDecision':
      return { ...state, pending: { index: action.index, action: action.action, reason: '' } };
    case 'typeReason':
      return state.pending ? { ...state, pending: { ...state.pending, reason: action.reason } } : state;
    case 'confirmDecision': {
      const pending = state.pending;
      const reason = pending?.reason.trim();
      if (!pending || !reason) return state;
      const decision = { action: pending.action, reason };
      return { ...state, rows: replaceRow(state.rows, pending.index, (row) => ({ ...row, decision })), pending: null };
    }
    case 'cancelDecision':
      return { ...state, pending: null };
    case 'restore':
      return { ...state, rows: replaceRow(state.rows, action.index, ({ decision: _, ...row }) => row) };
  }
}

function replaceRow(rows: CompRow[], index: number, change: (row: CompRow) => CompRow): CompRow[] {
  return rows.map((row, at) => (at === index ? change(row) : row));
}

/** The subject's facts when they read as the estimate wants them (square feet at least); null otherwise. */
export function readSubject(texts: SubjectTexts): ArvSubject | null {
  const values = Object.fromEntries(
    Object.entries(texts)
      .filter(([, text]) => text && text.trim() !== '')
      .map(([key, text]) => [key, Number(text!.replace(/[$,\s]/g, ''))]),
  );
  const parsed = ArvSubjectSchema.safeParse(values);
  return parsed.success ? parsed.data : null;
}

/**
 * The estimate's body, and `sent`: for each comp sent, its row. Comps the user excluded are not
 * sent, so the server's comp indexes are positions in `sent`.
 */
export function estimateRequest(state: ArvCompsState): { body: ArvEstimateBody | null; sent: number[] } {
  const subject = readSubject(state.subjectTexts);
  const sent = state.rows.flatMap((row, index) => (row.decision?.action === 'exclude' ? [] : [index]));
  if (!subject || sent.length === 0) return { body: null, sent };
  return {
    body: {
      subject,
      comps: sent.map((index) => state.rows[index]!.comp),
      pinned: sent.flatMap((index, position) => (state.rows[index]!.decision?.action === 'pin' ? [position] : [])),
    },
    sent,
  };
}

/** What became of the row at `index`: used (with its adjusted price and weight), excluded and why, or waiting. */
export function compStatus(
  row: CompRow,
  index: number,
  sent: number[],
  result: ArvEstimateResult | undefined,
): { used: boolean; text: string } {
  const decision = row.decision;
  if (decision?.action === 'exclude') return { used: false, text: `Excluded by you: ${decision.reason}` };
  const position = sent.indexOf(index);
  const used = result?.kind === 'estimate' ? result.used.find((entry) => entry.index === position) : undefined;
  if (used) {
    const pinned = decision?.action === 'pin' ? ` · pinned: ${decision.reason}` : '';
    const weight = (used.weight * 100).toFixed(0);
    return { used: true, text: `Used: adjusted ${formatMoney(used.adjustedPrice)}, weight ${weight} %${pinned}` };
  }
  const excluded = result?.excluded.find((entry) => entry.index === position);
  if (excluded) return { used: false, text: `Excluded: ${excluded.reason}` };
  return { used: false, text: result?.kind === 'not-enough' ? 'Usable' : '…' };
}

/** "Use this ARV": the estimate on screen with every comp and decision, its used comps as rows. */
export function arvFromComps(
  state: ArvCompsState,
  sent: number[],
  result: Extract<ArvEstimateResult, { kind: 'estimate' }>,
): ArvFromComps | null {
  const subject = readSubject(state.subjectTexts);
  if (!subject) return null;
  return {
    subject,
    comps: state.rows.map(({ comp, decision }) => (decision ? { ...comp, decision } : comp)),
    estimate: {
      arv: result.arv,
      low: result.low,
      high: result.high,
      confidence: result.confidence,
      used: result.used.map((used) => ({ index: sent[used.index]!, adjustedPrice: used.adjustedPrice })),
    },
  };
}
