import { describe, expect, it } from 'vitest';
import { sendingPolicyMessages } from '../email/sending-policy-messages';
import {
  HandleSchema,
  RESERVED_HANDLES,
  WholesalerProfileSchema,
  profileMessages,
  wholesalerDisplayName,
} from './wholesaler-profile-schema';

const profile = {
  handle: 'ann-lee',
  displayName: 'Ann Lee',
  company: 'Lee Homes',
  phone: '512-555-0100',
  replyToEmail: 'Ann@Example.com',
  postalAddress: '1 Main St, Austin, TX 78701',
  notifyOnLeads: true,
  notifyOnAssignments: false,
};

const handleError = (value: unknown) => {
  const result = HandleSchema.safeParse(value);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('HandleSchema', () => {
  it.each([
    ['ann', 'ann'],
    ['Ann-Lee', 'ann-lee'],
    ['  lee-homes-2  ', 'lee-homes-2'],
    ['a'.repeat(30), 'a'.repeat(30)],
  ])('accepts %j as %j', (input, expected) => {
    expect(HandleSchema.parse(input)).toBe(expected);
  });

  it.each([
    ['ab', profileMessages.handleLength],
    ['a'.repeat(31), profileMessages.handleLength],
    ['ann lee', profileMessages.handleCharacters],
    ['ann_lee', profileMessages.handleCharacters],
    ['-ann', profileMessages.handleCharacters],
    ['ann-', profileMessages.handleCharacters],
    ['ann/..', profileMessages.handleCharacters],
    ['änn', profileMessages.handleCharacters],
    ['ann\u0000', profileMessages.handleCharacters],
    ['login', profileMessages.handleReserved],
    ['LOGIN', profileMessages.handleReserved],
    ['Saved', profileMessages.handleReserved],
    ['api', profileMessages.handleReserved],
    ['wholesalers', profileMessages.handleReserved],
  ])('refuses %j: %s', (input, message) => {
    expect(handleError(input)).toBe(message);
  });

  it('reserves every route homeowners could be shown', () => {
    for (const route of [
      'login',
      'register',
      'saved',
      'leads',
      'wholesalers',
      'test',
      'connections',
      'offer',
      'c',
      'api',
      'admin',
    ]) {
      expect(RESERVED_HANDLES.has(route)).toBe(true);
    }
  });
});

describe('WholesalerProfileSchema', () => {
  it('trims, lower-cases the handle and reply-to e-mail', () => {
    expect(WholesalerProfileSchema.parse({ ...profile, handle: 'Ann-Lee', company: '  Lee Homes ' })).toEqual({
      ...profile,
      replyToEmail: 'ann@example.com',
    });
  });

  it('allows no handle, no company, no phone, no reply-to and no postal address', () => {
    const bare = { ...profile, handle: null, company: '', phone: '', replyToEmail: '', postalAddress: '' };
    expect(WholesalerProfileSchema.parse(bare)).toEqual(bare);
  });

  it.each([
    [{ displayName: ' ' }, 'Display name is required'],
    [{ displayName: 'x'.repeat(101) }, 'Display name must be at most 100 characters'],
    [{ company: 'x'.repeat(101) }, 'Company must be at most 100 characters'],
    [{ postalAddress: 'x'.repeat(301) }, 'Postal address must be at most 300 characters'],
    [{ company: 'Lee\u0000' }, 'Text cannot contain NUL characters'],
    [{ phone: '5125550100' }, profileMessages.phoneInvalid],
    [{ replyToEmail: 'not-an-email' }, profileMessages.emailInvalid],
    [{ notifyOnLeads: 'yes' }, undefined],
    // They sign every e-mail to a homeowner: plain words only, as the sending policy asks.
    [{ displayName: 'Ann - verify at evil.example/login' }, sendingPolicyMessages.linkOrMarkup('Display name')],
    [{ company: 'Lee Homes <a href="//evil.example">refund</a>' }, sendingPolicyMessages.linkOrMarkup('Company')],
    [{ company: 'www.lee-homes.example' }, sendingPolicyMessages.linkOrMarkup('Company')],
    [{ postalAddress: '1 Main St, write to ann@evil.example' }, sendingPolicyMessages.linkOrMarkup('Postal address')],
  ])('refuses %j', (change, message) => {
    const result = WholesalerProfileSchema.safeParse({ ...profile, ...change });
    expect(result.success).toBe(false);
    if (message) expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('keeps plain names and addresses with dots and ampersands', () => {
    const plain = {
      ...profile,
      displayName: 'J.R. Lee',
      company: 'Lee & Sons Homes, Inc.',
      postalAddress: '4 Elm Ave. Apt 2B\nSt. Louis, MO 63101',
    };
    expect(WholesalerProfileSchema.parse(plain)).toEqual({ ...plain, replyToEmail: 'ann@example.com' });
  });

  it('refuses an enormous display name without trimming megabytes first', () => {
    expect(WholesalerProfileSchema.safeParse({ ...profile, displayName: ' '.repeat(1_000_000) }).success).toBe(false);
  });
});

describe('wholesalerDisplayName', () => {
  it.each([
    [{ displayName: 'Ann Lee' }, 'ann', 'Ann Lee'],
    [{ displayName: ' ' }, 'ann', 'ann'],
    [null, 'ann', 'ann'],
    [null, '', 'the wholesaler'],
  ])('%j with account name %j is %j', (profileValue, accountName, expected) => {
    expect(wholesalerDisplayName(profileValue, accountName)).toBe(expected);
  });
});
