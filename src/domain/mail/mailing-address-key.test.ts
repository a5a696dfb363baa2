import { describe, expect, it } from 'vitest';
import { mailingAddressKey } from './mailing-address-key';

describe('mailingAddressKey', () => {
  it('reads one address however a list spells it', () => {
    const spellings = [
      { street: '12 North Oak Street, Apt. 4', city: 'Austin', state: 'TX', zip: '78701' },
      { street: '12 N OAK ST APT 4', city: 'AUSTIN', state: 'tx', zip: '78701-1234' },
      { street: '12  n. oak st.  apt #4', city: ' austin ', state: 'TX', zip: '78701' },
    ];
    const [first, ...rest] = spellings.map(mailingAddressKey);
    expect(first).toBe('12 N OAK ST APT 4|AUSTIN|TX|78701');
    expect(rest).toEqual([first, first]);
  });

  it('keeps different addresses apart', () => {
    const base = { street: '12 Oak St', city: 'Austin', state: 'TX', zip: '78701' };
    const keys = new Set(
      [base, { ...base, street: '14 Oak St' }, { ...base, zip: '78702' }, { ...base, city: 'Dallas' }].map(
        mailingAddressKey,
      ),
    );
    expect(keys.size).toBe(4);
  });
});
