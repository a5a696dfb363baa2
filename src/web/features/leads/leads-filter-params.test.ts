import { describe, expect, it } from 'vitest';
import { leadsFilterParams, readLeadsFilter } from './leads-filter-params';

const SEND = '6c391d16-3805-4582-b870-92a16d7218fd';

describe('the inbox filter in the address bar', () => {
  it.each([
    ['', { status: null, search: '', assignee: null, source: null, sendId: null }],
    ['status=negotiating&q=oak', { status: 'negotiating', search: 'oak', assignee: null, source: null, sendId: null }],
    [
      'status=under-contract&assignee=me',
      { status: 'under-contract', search: '', assignee: 'me', source: null, sendId: null },
    ],
    ['status=won&q=&assignee=all', { status: null, search: '', assignee: null, source: null, sendId: null }],
    ['assignee=user-7', { status: null, search: '', assignee: 'user-7', source: null, sendId: null }],
  ])('?%s reads %j', (query, filter) => {
    expect(readLeadsFilter(new URLSearchParams(query))).toEqual(filter);
  });

  it('writes only what is set', () => {
    expect(
      leadsFilterParams({ status: null, search: '  ', assignee: null, source: null, sendId: null }).toString(),
    ).toBe('');
    expect(
      leadsFilterParams({ status: 'dead', search: '12 Oak', assignee: 'me', source: null, sendId: null }).toString(),
    ).toBe('status=dead&q=12+Oak&assignee=me');
    expect(
      leadsFilterParams({ ...readLeadsFilter(new URLSearchParams()), source: 'mail', sendId: SEND }).toString(),
    ).toBe(`source=mail&sendId=${SEND}`);
  });

  it('reads a lead source and a send, and drops an unknown source or a send id that is no UUID', () => {
    expect(readLeadsFilter(new URLSearchParams(`source=mail&sendId=${SEND}`))).toMatchObject({
      source: 'mail',
      sendId: SEND,
    });
    expect(readLeadsFilter(new URLSearchParams('source=pigeon&sendId=1 or 1'))).toMatchObject({
      source: null,
      sendId: null,
    });
  });
});
