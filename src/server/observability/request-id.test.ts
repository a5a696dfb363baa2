import { describe, expect, it } from 'vitest';
import { requestIdFor } from './request-id';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('requestIdFor', () => {
  it("keeps a trusted proxy's short token", () => {
    for (const id of ['abc123', 'f3e1c2d4-1111-4222-8333-444455556666', 'req_01HZX3V9K2', 'a.b_c:d'])
      expect(requestIdFor(id, true)).toBe(id);
  });

  it('makes a new one without TRUST_PROXY: a client alone cannot choose the id its lines carry', () => {
    expect(requestIdFor('abc123', false)).toMatch(uuid);
  });

  it('makes a new one for a value that is empty, too long, or could forge or break a log line', () => {
    for (const id of ['', 'a'.repeat(129), 'abc\nlevel=error forged', 'a b', '"quoted"', 'é', '<script>', 'x\u0000'])
      expect(requestIdFor(id, true)).toMatch(uuid);
    expect(requestIdFor(undefined, true)).toMatch(uuid);
  });

  it('makes a different id each time', () => {
    expect(requestIdFor(undefined, false)).not.toBe(requestIdFor(undefined, false));
  });
});
