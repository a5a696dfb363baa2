import { describe, expect, it } from 'vitest';
import { prospectKey } from './prospect-key';

describe('prospectKey', () => {
  it.each([
    ['123 Oak Street, Austin', 'Ann Lee', '123 OAK ST  Austin', 'ann lee'],
    ['9 North Elm Avenue', 'Bo  Chen', '9 N. Elm Ave.', 'BO CHEN'],
    ['4 Pine Rd #2', "O'Neil Trust", '4 pine road 2', 'o neil trust'],
  ])('finds %s (%s) and %s (%s) to be the same owner and home', (address, ownerName, otherAddress, otherName) => {
    expect(prospectKey({ address, ownerName })).toBe(prospectKey({ address: otherAddress, ownerName: otherName }));
  });

  it.each([
    ['123 Oak St', 'Ann Lee', '124 Oak St', 'Ann Lee'],
    ['123 Oak St', 'Ann Lee', '123 Oak St', 'Bo Lee'],
    ['1 Streeter Ln', 'Ann Lee', '1 St Ln', 'Ann Lee'],
  ])('tells %s (%s) from %s (%s)', (address, ownerName, otherAddress, otherName) => {
    expect(prospectKey({ address, ownerName })).not.toBe(prospectKey({ address: otherAddress, ownerName: otherName }));
  });
});
