import { describe, expect, it } from 'vitest';
import { isPhotoContentType, photoAltText, PhotoTargetSchema } from './photo-rules';

const id = '0b7f1a52-5d8e-4d0e-9a43-2f4a8f5a7c11';

describe('PhotoTargetSchema', () => {
  it.each([[{ savedPropertyId: id }], [{ leadId: id }]])('takes one saved property or one lead: %o', (target) => {
    expect(PhotoTargetSchema.parse(target)).toEqual(target);
  });

  it.each([
    [{}],
    [{ savedPropertyId: id, leadId: id }],
    [{ savedPropertyId: 'not-a-uuid' }],
    [{ leadId: '../1' }],
    [{ workspaceId: id }],
  ])('refuses anything else: %o', (target) => {
    expect(PhotoTargetSchema.safeParse(target).success).toBe(false);
  });
});

describe('isPhotoContentType', () => {
  it.each([
    ['image/jpeg', true],
    ['image/png', true],
    ['image/webp', true],
    ['image/gif', false],
    ['application/pdf', false],
    [undefined, false],
  ])('%s → %s', (type, taken) => {
    expect(isPhotoContentType(type)).toBe(taken);
  });
});

describe('photoAltText', () => {
  it('names the photo by its place and the address', () => {
    expect(photoAltText(2, 5, '12 Oak St')).toBe('Photo 2 of 5, 12 Oak St');
  });
});
