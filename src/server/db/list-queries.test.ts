import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { containing, pageCursor } from './list-queries';

describe('pageCursor', () => {
  const cursors = pageCursor({ createdAt: z.iso.datetime(), id: z.uuid() });
  const key = { createdAt: '2026-11-29T10:00:00.000Z', id: '0b7f6a8e-3c1d-4f2a-9b5e-1d2c3b4a5f60' };

  it('reads back the key it wrote, as an opaque URL-safe text', () => {
    const written = cursors.write(key);
    expect(written).toMatch(/^[\w-]+$/);
    expect(cursors.read(written)).toEqual(key);
  });

  it('reads nothing from a cursor it did not write', () => {
    for (const forged of [
      '',
      'not base64 json',
      Buffer.from('{"createdAt":"yesterday","id":"1"}').toString('base64url'),
    ]) {
      expect(cursors.read(forged)).toBeNull();
    }
  });
});

it('containing takes the user’s % and _ literally', () => {
  expect(containing('50%_off\\')).toBe('%50\\%\\_off\\\\%');
});
