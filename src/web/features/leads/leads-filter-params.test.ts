import { describe, expect, it } from 'vitest';
import { leadsFilterParams, readLeadsFilter } from './leads-filter-params';

describe('the inbox filter in the address bar', () => {
  it.each([
    ['', { status: null, search: '', assignee: null }],
    ['status=negotiating&q=oak', { status: 'negotiating', search: 'oak', assignee: null }],
    ['status=under-contract&assignee=me', { status: 'under-contract', search: '', assignee: 'me' }],
    ['status=won&q=&assignee=all', { status: null, search: '', assignee: null }],
    ['assignee=user-7', { status: null, search: '', assignee: 'user-7' }],
  ])('?%s reads %j', (query, filter) => {
    expect(readLeadsFilter(new URLSearchParams(query))).toEqual(filter);
  });

  it('writes only what is set', () => {
    expect(leadsFilterParams({ status: null, search: '  ', assignee: null }).toString()).toBe('');
    expect(leadsFilterParams({ status: 'dead', search: '12 Oak', assignee: 'me' }).toString()).toBe(
      'status=dead&q=12+Oak&assignee=me',
    );
  });
});
