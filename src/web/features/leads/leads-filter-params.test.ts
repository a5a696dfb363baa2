import { describe, expect, it } from 'vitest';
import { leadsFilterParams, readLeadsFilter } from './leads-filter-params';

describe('the inbox filter in the address bar', () => {
  it.each([
    ['', { status: null, search: '' }],
    ['status=negotiating&q=oak', { status: 'negotiating', search: 'oak' }],
    ['status=under-contract', { status: 'under-contract', search: '' }],
    ['status=won&q=', { status: null, search: '' }],
  ])('?%s reads %j', (query, filter) => {
    expect(readLeadsFilter(new URLSearchParams(query))).toEqual(filter);
  });

  it('writes only what is set', () => {
    expect(leadsFilterParams({ status: null, search: '  ' }).toString()).toBe('');
    expect(leadsFilterParams({ status: 'dead', search: '12 Oak' }).toString()).toBe('status=dead&q=12+Oak');
  });
});
