import { describe, expect, it } from 'vitest';
import type { ArvComp } from '#domain/arv/arv-request-schema.ts';
import type { ArvEstimateResult } from './arv-api';
import {
  arvCompsFromDraft,
  arvCompsReducer,
  arvFromComps,
  compStatus,
  draftOfArvComps,
  emptyArvComps,
  estimateRequest,
  type ArvCompsAction,
  type ArvCompsState,
} from './arv-comps-state';

const csv = [
  'ADDRESS,SOLD DATE,PRICE,SQUARE FEET',
  '101 Elm St,2025-01-10,310000,1500',
  '103 Elm St,2025-01-24,325000,1550',
  '105 Elm St,2025-02-07,,1450',
].join('\n');
const typedComp: ArvComp = { price: 300000, soldDate: '2025-03-01', sqft: 1480, address: '1 Oak St' };

const apply = (...actions: ArvCompsAction[]): ArvCompsState => actions.reduce(arvCompsReducer, emptyArvComps);
const exclude = (index: number, reason: string): ArvCompsAction[] => [
  { type: 'startDecision', index, action: 'exclude' },
  { type: 'typeReason', reason },
  { type: 'confirmDecision' },
];

/** An estimate that used the server's comps at `positions`, and excluded the others by size. */
const estimate = (positions: number[], sent: number): Extract<ArvEstimateResult, { kind: 'estimate' }> =>
  ({
    kind: 'estimate',
    arv: 312000,
    low: 300000,
    high: 325000,
    confidence: 66,
    factors: [],
    used: positions.map((index) => ({ index, adjustedPrice: 311000, weight: 1 / positions.length, adjustments: [] })),
    excluded: Array.from({ length: sent }, (_, index) => index)
      .filter((index) => !positions.includes(index))
      .map((index) => ({ index, reason: 'size' })),
  }) as unknown as Extract<ArvEstimateResult, { kind: 'estimate' }>;

describe('the ARV panel’s comps', () => {
  it('reads a CSV’s comps and the lines it could not use; a new CSV replaces them and keeps the comps typed by hand', () => {
    const loaded = apply(
      { type: 'loadCsv', text: csv },
      { type: 'addTypedComp', comp: typedComp },
      ...exclude(2, 'Sold twice'),
    );
    expect(loaded.rows.map((row) => row.comp.address)).toEqual(['101 Elm St', '103 Elm St', '1 Oak St']);
    expect(loaded.rejected).toEqual([{ line: 4, reason: expect.stringMatching(/price/) }]);

    const again = arvCompsReducer(loaded, { type: 'loadCsv', text: csv.split('\n').slice(0, 2).join('\n') });
    expect(again.rows).toEqual([
      { comp: expect.objectContaining({ address: '101 Elm St' }), typed: false },
      { comp: typedComp, typed: true, decision: { action: 'exclude', reason: 'Sold twice' } },
    ]);
    expect(again.rejected).toEqual([]);
  });

  it('keeps a pin or exclusion only with a reason, trimmed; Cancel and Restore undo it', () => {
    const started = apply({ type: 'loadCsv', text: csv }, { type: 'startDecision', index: 1, action: 'pin' });
    expect(arvCompsReducer(started, { type: 'confirmDecision' })).toBe(started);
    const pinned = [{ type: 'typeReason', reason: '  Same street ' }, { type: 'confirmDecision' }] as const;
    const decided = pinned.reduce(arvCompsReducer, started);
    expect(decided.rows[1]?.decision).toEqual({ action: 'pin', reason: 'Same street' });
    expect(decided.pending).toBeNull();
    expect(arvCompsReducer(started, { type: 'cancelDecision' }).rows[1]?.decision).toBeUndefined();
    expect(arvCompsReducer(decided, { type: 'restore', index: 1 }).rows[1]).toEqual({
      comp: expect.objectContaining({ address: '103 Elm St' }),
      typed: false,
    });
  });

  it('sends the comps not excluded, with the pinned ones’ positions, once the property’s square feet are typed', () => {
    const loaded = apply({ type: 'loadCsv', text: csv }, { type: 'addTypedComp', comp: typedComp });
    expect(estimateRequest(loaded).body).toBeNull();
    const state = [
      { type: 'typeSubject', key: 'sqft', text: '1,500' },
      ...exclude(0, 'A pool'),
      { type: 'startDecision', index: 2, action: 'pin' },
      { type: 'typeReason', reason: 'Next door' },
      { type: 'confirmDecision' },
    ].reduce((current, action) => arvCompsReducer(current, action as ArvCompsAction), loaded);
    const { body, sent } = estimateRequest(state);
    expect(sent).toEqual([1, 2]);
    expect(body).toEqual({ subject: { sqft: 1500 }, comps: [state.rows[1]!.comp, typedComp], pinned: [1] });
  });

  it('says what became of each row, and Use this ARV keeps the used comps as rows, not as the server’s positions', () => {
    const state = apply(
      { type: 'typeSubject', key: 'sqft', text: '1500' },
      { type: 'loadCsv', text: csv },
      { type: 'addTypedComp', comp: typedComp },
      ...exclude(0, 'A pool'),
    );
    const { sent } = estimateRequest(state);
    const result = estimate([1], 2);
    const statuses = state.rows.map((row, index) => compStatus(row, index, sent, result).text);
    expect(statuses).toEqual(['Excluded by you: A pool', 'Excluded: size', 'Used: adjusted $311,000, weight 100 %']);
    expect(compStatus(state.rows[1]!, 1, sent, undefined).text).toBe('…');

    expect(arvFromComps(state, sent, result)).toEqual({
      subject: { sqft: 1500 },
      comps: [
        { ...state.rows[0]!.comp, decision: { action: 'exclude', reason: 'A pool' } },
        state.rows[1]!.comp,
        typedComp,
      ],
      estimate: { arv: 312000, low: 300000, high: 325000, confidence: 66, used: [{ index: 2, adjustedPrice: 311000 }] },
    });
  });

  it('comes back from the tab’s draft as it was kept', () => {
    const state = apply(
      { type: 'typeSubject', key: 'beds', text: '3' },
      { type: 'loadCsv', text: csv },
      { type: 'addTypedComp', comp: typedComp },
      ...exclude(1, 'Sold twice'),
    );
    const draft = draftOfArvComps(state, '100 Elm St');
    expect(draft).toMatchObject({
      address: '100 Elm St',
      typed: [false, false, true],
      decisions: { 1: expect.anything() },
    });
    expect(arvCompsFromDraft(draft)).toEqual({ ...state, pending: null, csvText: '' });
    expect(arvCompsFromDraft(null)).toEqual(emptyArvComps);
  });
});
