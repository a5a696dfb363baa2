// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { forgetArvCompsDraft, keepArvCompsDraft, readArvCompsDraft, type ArvCompsDraft } from './arv-comps-draft';

const draft: ArvCompsDraft = {
  address: '100 Elm St, Austin, TX',
  subjectTexts: { sqft: '1500', beds: '3' },
  comps: [{ price: 310000, soldDate: '2025-01-10', sqft: 1500, address: '101 Elm St' }],
  typed: [true],
  rejected: [{ line: 8, reason: 'no usable price' }],
  decisions: { 0: { action: 'pin', reason: 'Same street' } },
};

afterEach(() => sessionStorage.clear());

describe('the ARV panel kept in the tab', () => {
  it.each([
    ['the same address', '100 Elm St, Austin, TX', true],
    ['the same address typed otherwise', '  100 elm st,  austin, tx, ', true],
    ['no address yet (after a reload)', '', true],
    ['another address', '200 Oak St, Austin, TX', false],
  ])('comes back for %s', (_, address, back) => {
    keepArvCompsDraft(draft);
    expect(readArvCompsDraft(address)).toEqual(back ? draft : null);
  });

  it('is forgotten after a save, and an empty panel keeps nothing', () => {
    keepArvCompsDraft(draft);
    forgetArvCompsDraft();
    expect(readArvCompsDraft('')).toBeNull();
    keepArvCompsDraft(draft);
    keepArvCompsDraft({ ...draft, comps: [], typed: [], subjectTexts: { sqft: ' ' } });
    expect(readArvCompsDraft('')).toBeNull();
  });

  it('ignores what is kept in another shape (an older version, a hand edit)', () => {
    sessionStorage.setItem('arv-comps-draft', JSON.stringify({ ...draft, comps: [{ price: 'lots' }] }));
    expect(readArvCompsDraft('')).toBeNull();
    sessionStorage.setItem('arv-comps-draft', '{not json');
    expect(readArvCompsDraft('')).toBeNull();
  });
});
