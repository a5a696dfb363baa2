import { describe, expect, it } from 'vitest';
import { defaultTemplate } from '../offer/built-in-templates';
import { computeOfferRange } from '../offer/compute-offer-range';
import type { MailRow } from './mail-send-request';
import type { UnworkableRowError } from './plan-mail-pieces';
import { mailSkipReasons, planMailPieces } from './plan-mail-pieces';

const row = (overrides: Partial<MailRow> = {}): MailRow => ({
  firstName: 'Maria',
  lastName: 'Lopez',
  address: '12 Oak St',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  marketValue: 200_000,
  ...overrides,
});

describe('planMailPieces', () => {
  it("makes one piece per mailing address, listing each owner's property once, in ZIP order", () => {
    const absentee = { street: 'PO Box 9', city: 'Dallas', state: 'TX', zip: '75201' };
    const plan = planMailPieces(
      [
        row({ address: '1 Elm St', zip: '78705', mailingAddress: absentee }),
        row({ firstName: 'Ann', address: '5 Pine St', zip: '78702' }),
        row({ address: '2 Elm St', mailingAddress: { ...absentee, street: 'P.O. Box 9' } }),
        row({ address: '1 Elm St', zip: '78705', mailingAddress: absentee }),
        row({ city: undefined, address: '9 Nowhere Rd' }),
      ],
      defaultTemplate,
      'letter',
    );
    expect(plan.pieces.map((piece) => [piece.mailingAddress.zip, piece.properties.map((p) => p.address)])).toEqual([
      ['75201', ['1 Elm St, Austin, TX 78705', '2 Elm St, Austin, TX 78701']],
      ['78702', ['5 Pine St, Austin, TX 78702']],
    ]);
    expect(plan.pieces[1]!.ownerName).toBe('Ann Lopez');
    expect(plan.skipped).toEqual([
      { index: 3, reason: mailSkipReasons.sameProperty },
      { index: 4, reason: mailSkipReasons.noMailingAddress },
    ]);
  });

  it('recomputes each offer, deducting repairs through the template', () => {
    const [piece] = planMailPieces([row({ repairs: 30_000 })], defaultTemplate, 'letter').pieces;
    expect(piece!.properties[0]!.offerRange).toEqual(
      computeOfferRange({ marketValue: 200_000, totalRepairCost: 30_000, template: defaultTemplate }),
    );
  });

  it('refuses a row whose offer does not work, naming it', () => {
    expect(() => planMailPieces([row(), row({ address: '2 Oak', marketValue: 1 })], defaultTemplate, 'letter')).toThrow(
      expect.objectContaining({ index: 1 }) as UnworkableRowError,
    );
  });

  it('mails a letter instead of a postcard to an owner with more than three properties', () => {
    const rows = [1, 2, 3, 4].map((n) =>
      row({ address: `${n} Oak St`, mailingAddress: { street: '1 A St', city: 'X', state: 'TX', zip: '70000' } }),
    );
    expect(planMailPieces(rows, defaultTemplate, 'postcard').pieces[0]!.format).toBe('letter');
    expect(planMailPieces(rows.slice(0, 3), defaultTemplate, 'postcard').pieces[0]!.format).toBe('postcard');
  });
});
