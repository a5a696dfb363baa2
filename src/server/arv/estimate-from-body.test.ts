import { describe, expect, it } from 'vitest';
import type { ArvComp } from '#domain/arv/arv-request-schema.ts';
import { estimateArv } from '#domain/arv/estimate-arv.ts';
import { invalidRequestAnswer } from '../http/invalid-request-answer';
import { EstimateBodySchema } from './estimate-body-schema';
import { estimateFromBody } from './estimate-from-body';

const subject = { sqft: 1500, beds: 3, baths: 2, lat: 47.68, lng: -122.35, valueDate: '2015-03-01' };
const comps: ArvComp[] = [500_000, 520_000, 480_000, 510_000, 495_000].map((price, i) => ({
  price,
  soldDate: '2015-01-15',
  sqft: 1450 + 25 * i,
  beds: 3,
  baths: 2,
  lat: 47.681,
  lng: -122.351,
  address: `${i + 1} Elm St`,
}));
const bytes = (text: string) => new TextEncoder().encode(text);

describe('estimateFromBody (issue 37, finding 14: the ARV worker reads the body)', () => {
  it('answers the JSON the route wrote with c.json: the estimate without its kind, pinned comps used', () => {
    const request = { subject, comps, pinned: [4] };
    const outcome = estimateFromBody(bytes(JSON.stringify(request)));
    const { kind, ...expected } = estimateArv({ subject, comps }, { pinned: new Set([4]) });
    expect(kind).toBe('estimate');
    expect(outcome).toEqual({ kind: 'estimate', json: JSON.stringify(expected) });
  });

  it("refuses a body the schema refuses with the schema's first issue, as the validator answered it", () => {
    for (const value of [
      { subject, comps: [{ ...comps[0], soldDate: '2015-02-31' }] },
      { subject: { ...subject, sqft: -1 }, comps },
      { subject, comps, pinned: [500] },
      { comps },
      [],
      null,
    ]) {
      const parsed = EstimateBodySchema.safeParse(value);
      expect(parsed.success).toBe(false);
      expect(estimateFromBody(bytes(JSON.stringify(value)))).toEqual({
        kind: 'invalid',
        answer: invalidRequestAnswer(parsed.error!),
      });
    }
  });

  it('says a body that is not JSON is malformed, and reads a body not declared JSON as no fields', () => {
    expect(estimateFromBody(bytes('{"subject":'))).toEqual({ kind: 'malformed' });
    expect(estimateFromBody(bytes(''))).toEqual({ kind: 'malformed' });
    expect(estimateFromBody(undefined)).toEqual({
      kind: 'invalid',
      answer: invalidRequestAnswer(EstimateBodySchema.safeParse({}).error!),
    });
  });

  it('answers too few usable comps as estimateArv does', () => {
    const outcome = estimateFromBody(bytes(JSON.stringify({ subject, comps: comps.slice(0, 2) })));
    expect(outcome).toEqual(estimateArv({ subject, comps: comps.slice(0, 2) }));
    expect(outcome.kind).toBe('not-enough');
  });
});
