import { describe, expect, it } from 'vitest';
import { prospectsFilterParams, readProspectsFilter } from './prospects-filter-params';

describe('the Prospects filter in the address bar', () => {
  it('reads back what it wrote', () => {
    const filter = {
      sendId: '7d1f3f2e-5d7a-4a43-9a3c-2f1b8e0c9a11',
      search: 'oak',
      status: 'lead',
      touch: 'answered',
      channel: 'mail',
    } as const;
    expect(readProspectsFilter(new URLSearchParams(prospectsFilterParams(filter)))).toEqual(filter);
  });

  it('ignores values it does not know', () => {
    expect(readProspectsFilter(new URLSearchParams('send=x&status=won&touch=faxed&channel=pigeon'))).toEqual({
      sendId: null,
      search: '',
      status: null,
      touch: null,
      channel: null,
    });
  });
});
